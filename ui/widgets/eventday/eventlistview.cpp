#include "widgets/eventday/eventlistview.h"

#include <QHeaderView>
#include <QScrollBar>

namespace flickdesk::ui {

EventListView::EventListView(QWidget* parent)
    : QTableView(parent)
{
    connect(verticalScrollBar(), &QScrollBar::actionTriggered, this,
            [this] { m_revealed = QPersistentModelIndex(); });
}

void EventListView::revealEvent(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    m_revealed = index;
    setCurrentIndex(index);
    scrollToRevealed();
}

void EventListView::scrollToRevealed()
{
    if (!m_revealed.isValid())
        return;
    // The event is on the first page when its bottom edge, with the list scrolled to the top, lies
    // within the visible rows.
    const int row = m_revealed.row();
    const int bottomAtTop = verticalHeader()->sectionPosition(row) + verticalHeader()->sectionSize(row);
    if (bottomAtTop <= viewport()->height())
        scrollToTop();
    else
        scrollTo(m_revealed, QAbstractItemView::PositionAtCenter);
}

void EventListView::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    scrollToRevealed();
}

void EventListView::wheelEvent(QWheelEvent* event)
{
    m_revealed = QPersistentModelIndex();
    QTableView::wheelEvent(event);
}

void EventListView::currentChanged(const QModelIndex& current, const QModelIndex& previous)
{
    QTableView::currentChanged(current, previous);
    if (m_revealed.isValid() && current != m_revealed)
        m_revealed = QPersistentModelIndex();
}

} // namespace flickdesk::ui
