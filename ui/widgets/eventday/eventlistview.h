#pragma once

// The events list of the event day, newest first. Showing an event that was not picked in the list
// (the one remembered from the last session, a new event, an import) selects it and scrolls as
// little as the list allows: when the event is on the first page the top stays in sight, so the
// newest events never hide above the visible rows; otherwise the event is in the middle. Until the
// director scrolls or moves in the list, this holds again whenever the list changes size (the window
// being laid out or resized).

#include <QList>
#include <QPersistentModelIndex>
#include <QTableView>

namespace flickdesk::ui {

class EventListView : public QTableView {
    Q_OBJECT

public:
    explicit EventListView(QWidget* parent = nullptr);

    // Selects `index` (of the view's model) and scrolls to it as described above.
    void revealEvent(const QModelIndex& index);

    // `columns` show only while the list is at least `width` wide (every column at its width); a
    // narrower list (the Event Day at 1280x800) shows the others, `stretched` taking the room left,
    // with no sideways scroll bar.
    void setColumnsShownWhenWide(const QList<int>& columns, int width, int stretched);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void currentChanged(const QModelIndex& current, const QModelIndex& previous) override;

private:
    void scrollToRevealed();
    void showColumnsForWidth();

    QPersistentModelIndex m_revealed; // invalid once the director has scrolled or moved
    QList<int> m_wideColumns;
    int m_wideWidth = 0;
    int m_stretched = -1;
    int m_stretchedWidth = 0; // its width while the list is wide
};

} // namespace flickdesk::ui
