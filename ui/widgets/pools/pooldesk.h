#pragma once

// The base of the three desks of the Pools tab (the ACF event report, the Kings Cribbage club
// ladder, the Squares tournament) and what they share: the pool session they show and edit
// (models/pools/poolsession.h: every edit one undoable step), the tables they print or save as PDF,
// a date editor that Tab leaves at once, a question asked before a delete or a doubtful entry
// (window-modal, never a blocking loop), a search box over a table, and the text of a refused edit.

#include "core/systems/poolrecords.h"

#include <QDateEdit>
#include <QString>
#include <QWidget>
#include <functional>
#include <vector>

class QLabel;
class QLineEdit;
class QPagedPaintDevice;
class QSortFilterProxyModel;

namespace flickdesk::ui {

class PoolSession;

// A table as printed: a title ("Ladder of the Tuesday club"), a line under it (the date, the
// round), and its columns and rows in a director's words.
struct PrintTable {
    QString title;
    QString subtitle;
    core::SystemTable table;
    QList<int> numericColumns; // right-aligned
};

class PoolDesk : public QWidget {
    Q_OBJECT

public:
    PoolDesk(PoolSession& session, QWidget* parent = nullptr);

    PoolSession& session() const { return m_session; }
    // Whether this desk shows pools of this kind.
    virtual bool shows(core::SystemKind kind) const = 0;
    // What File > Print and Save as PDF offer on this desk, the first being the default: the
    // ladder or standings, an evening's or a round's results, a rating list...
    virtual std::vector<PrintTable> printTables() const = 0;

    // The pool is about to be left (another pool selected): a desk holding an entry not yet stored
    // (a Squares board half typed) asks first and calls `leave` only when the director agrees;
    // the default leaves at once.
    virtual void askToLeave(std::function<void()> leave) { leave(); }

Q_SIGNALS:
    void message(const QString& text); // for the status bar

protected:
    // The session's pool was read again (an edit, an undo, a change made elsewhere, another pool
    // selected) while this desk shows it: show what it holds now.
    virtual void showPool() = 0;
    // Whether the session's current pool is one this desk shows.
    bool showsCurrentPool() const;

private:
    PoolSession& m_session;
};

// A date editor that Tab and Shift+Tab leave at once (QDateEdit walks through the day, month and
// year first: "121" typed for a score went into the day), with the calendar popup, ISO format.
class PoolDateEdit : public QDateEdit {
    Q_OBJECT
public:
    explicit PoolDateEdit(QWidget* parent = nullptr);

protected:
    // Tab and Shift+Tab leave the date; a separator typed ("2026-03-10") still moves to the next
    // section, as QDateEdit does it (through focusNextPrevChild, left as it is).
    bool event(QEvent* event) override;
};

// Asks `text` in a window-modal box named `objectName` (tests find it by name) and calls `yes` when
// the director takes `yesText`. Never waits: the box is opened, not executed. Returns the box.
QWidget* askFirst(QWidget* parent, const QString& objectName, const QString& title, const QString& text,
                  const QString& yesText, std::function<void()> yes);

// The lines of a refused edit for a message label: "Nothing was stored:" and each defect.
QString refusalText(const core::PoolChange& change);

// A search box ("Search names and ids") that filters `proxy` over every column, case-insensitive,
// as it is typed; Escape empties it.
QLineEdit* makeSearchBox(QSortFilterProxyModel* proxy, const QString& objectName, QWidget* parent);

// The tables as one HTML document (headings, tables with a ruled header, numbers right-aligned)
// and on a paged device (a printer, a PDF writer) page after page.
QString printTablesHtml(const std::vector<PrintTable>& tables);
void printTablesOn(QPagedPaintDevice* device, const std::vector<PrintTable>& tables);
// The tables as a PDF at `path`, written under a temporary name and renamed when complete; never
// over the open database's files. An error message, empty when saved.
QString savePrintTablesPdf(const QString& path, const std::vector<PrintTable>& tables);

} // namespace flickdesk::ui
