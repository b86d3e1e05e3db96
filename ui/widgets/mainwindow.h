#pragma once

#include <QMainWindow>

class QAction;
class QLabel;
class QMenu;
class QMessageBox;

namespace flickdesk::ui {

// The flickdesk window. For now a menu bar, a welcome text where the events list will be, and a
// status bar; the events list, ratings and points views come later.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

    // The About box: version, licence and third-party licences. The caller owns it; exposed so
    // that tests can inspect it without a modal loop.
    QMessageBox* createAboutDialog();

public Q_SLOTS:
    // Shows the About box window-modal without blocking; it deletes itself when closed.
    void showAboutDialog();

private:
    void createMenus();

    QMenu* m_fileMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_aboutQtAction = nullptr;
    QLabel* m_welcomeLabel = nullptr;
};

} // namespace flickdesk::ui
