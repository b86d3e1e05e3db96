#pragma once

// The Help menu's own pages: Help > Keyboard Shortcuts, a table generated from the window's
// menus and tabs (never a hand list, so it cannot fall behind them), and Help > User Guide (F1),
// docs/user-guide.md compiled into the program (resources/guide.qrc) and shown offline with its
// screenshots; nothing is fetched from the network.

#include <QDialog>

class QMenuBar;
class QTabWidget;
class QTableWidget;
class QTextBrowser;

namespace flickdesk::ui {

// The Alt+letter a text's '&' gives ("E&vent" -> 'V'); a null QChar when it has none ("&&" is a
// literal ampersand).
QChar mnemonicOf(const QString& text);
// The text without its '&' markers, as the window shows it.
QString withoutMnemonic(const QString& text);

// A page of the guide without its references to the spec's rules: "(DECISIONS P4)" and
// ", DECISIONS P2" go, "DECISIONS D1: players are ..." keeps its words.
QString withoutRuleReferences(QString text);

class KeyboardShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    enum Column { PlaceColumn, CommandColumn, ShortcutColumn, MenuKeysColumn, ColumnCount };

    // One row per action of `menuBar`'s menus (its shortcuts and the Alt keys that reach it through
    // the menu), then one per tab of `tabs` (may be null) with its Alt+letter.
    KeyboardShortcutsDialog(const QMenuBar* menuBar, const QTabWidget* tabs, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table = nullptr;
};

class UserGuideDialog : public QDialog {
    Q_OBJECT

public:
    explicit UserGuideDialog(QWidget* parent = nullptr);

    // The guide's page in the program's resources.
    static QString guideUrl();
    QTextBrowser* browser() const { return m_browser; }

private:
    void fitImages();

    QTextBrowser* m_browser = nullptr;
};

} // namespace flickdesk::ui
