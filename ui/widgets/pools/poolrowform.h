#pragma once

// The entry form of one row of a rating pool: a player (the system's player columns) or a game row
// (its game columns), one editor per column, made from the column's name: a player column
// (player_id, player_a, player1, ...) is an editable combo box over the pool's player ids with
// completion, `date` a date editor, a column with known values (ACF scoring and result, Squares
// power) an editable combo box of them, any other a line edit. Enter in any editor submits.

#include <QStringList>
#include <QWidget>
#include <vector>

class QComboBox;
class QDateEdit;
class QGridLayout;
class QLabel;
class QLineEdit;

namespace flickdesk::ui {

class PoolRowForm : public QWidget {
    Q_OBJECT

public:
    enum class Purpose {
        Player, // a new player: every column a line edit (but a date)
        Game,   // a game row: player columns offer the pool's players
    };

    PoolRowForm(const QStringList& columns, Purpose purpose, QWidget* parent = nullptr);

    static bool isPlayerColumn(const QString& column);

    const QStringList& columns() const { return m_columns; }
    // The pool's players, offered in the player columns: ids, with "id  name" shown in the list.
    void setPlayers(const QStringList& ids, const QStringList& names);
    // The row as entered, in the form's columns (trimmed).
    QStringList values() const;
    QString value(const QString& column) const;
    void setValue(const QString& column, const QString& value);
    // Whether anything but the date was entered.
    bool isEmpty() const;
    // Empties every editor except those of `keep` (a date is never emptied).
    void clear(const QStringList& keep = {});
    // The editor of a column (a QLineEdit, QComboBox or QDateEdit); nullptr when there is none.
    QWidget* editorOf(const QString& column) const;
    // Marks the editors of these columns as wrong (and only those); an empty list clears the marks.
    void markFields(const QStringList& columns);
    QStringList markedFields() const { return m_marked; }
    void focusFirst();
    // Hides the editors of columns that a pool never fills (a head-to-head pool's third player);
    // their values stay empty.
    void hideColumns(const QStringList& columns);

Q_SIGNALS:
    void submitted(); // Enter in an editor

private:
    struct Editor {
        QString column;
        QLineEdit* line = nullptr;
        QComboBox* combo = nullptr;
        QDateEdit* date = nullptr;
        QLabel* label = nullptr;
        QWidget* widget() const;
    };
    QStringList m_columns;
    std::vector<Editor> m_editors;
    QStringList m_marked;
};

} // namespace flickdesk::ui
