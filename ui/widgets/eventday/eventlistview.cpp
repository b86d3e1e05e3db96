#include "widgets/eventday/eventlistview.h"

#include <QHeaderView>
#include <QScrollBar>
#include <utility>

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

void EventListView::setColumnsShownWhenWide(const QList<int>& columns, int width, int stretched)
{
    m_wideColumns = columns;
    m_wideWidth = width;
    m_stretched = stretched;
    m_stretchedWidth = columnWidth(stretched);
    showColumnsForWidth();
}

void EventListView::showColumnsForWidth()
{
    // By the view's own width, which the columns shown do not change: no flipping back and forth.
    const bool wide = width() >= m_wideWidth;
    if (m_wideColumns.isEmpty() || isColumnHidden(m_wideColumns.front()) != wide)
        return;
    for (const int column : std::as_const(m_wideColumns))
        setColumnHidden(column, !wide);
    // The last section's own stretch keeps the width it had: the stretched column fills the list.
    horizontalHeader()->setStretchLastSection(wide);
    horizontalHeader()->setSectionResizeMode(m_stretched,
                                             wide ? QHeaderView::Interactive : QHeaderView::Stretch);
    if (wide)
        setColumnWidth(m_stretched, m_stretchedWidth);
}

void EventListView::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    showColumnsForWidth();
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
