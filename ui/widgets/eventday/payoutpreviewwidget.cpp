#include "widgets/eventday/payoutpreviewwidget.h"

#include "core/formats/outputfiles.h"
#include "widgets/charts/payoutchart.h"
#include "models/eventday/payouttablemodel.h"
#include "widgets/eventday/sheetprinting.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPrinter>
#include <QProgressBar>
#include <QResizeEvent>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

namespace flickdesk::ui {

namespace payouttext {

QString fieldStrength(double fsi)
{
    return QLocale().toString(fsi, 'f', 3);
}

QString fieldDepth(double fdi)
{
    return QLocale().toString(fdi, 'f', 3);
}

QString points(double points)
{
    return QLocale().toString(engine::roundAward(points), 'f', 1);
}

QString fieldSize(int units)
{
    return QLocale().toString(units);
}

QString fieldSizeCaption(engine::EventFormat format)
{
    return format == engine::EventFormat::Doubles
               ? QCoreApplication::translate("flickdesk::ui::payouttext", "Teams (N)")
               : QCoreApplication::translate("flickdesk::ui::payouttext", "Players (N)");
}

QString format(engine::EventFormat format)
{
    return format == engine::EventFormat::Doubles
               ? QCoreApplication::translate("flickdesk::ui::payouttext", "Doubles")
               : QCoreApplication::translate("flickdesk::ui::payouttext", "Singles");
}

QString tier(engine::Tier tier)
{
    return QCoreApplication::translate("flickdesk::ui::payouttext", "Tier %1").arg(static_cast<int>(tier));
}

} // namespace payouttext

namespace {

// A caption over a large figure: how the preview shows FSI, FDI, N and the Tier floor.
QFrame* statBox(QWidget* parent, const QString& objectName, QLabel*& caption, QLabel*& value)
{
    auto* frame = new QFrame(parent);
    frame->setFrameShape(QFrame::StyledPanel);
    auto* layout = new QVBoxLayout(frame);
    // Compact (issue 14: five boxes in a row did not fit the preview at 1280x800), still legible.
    layout->setContentsMargins(8, 3, 8, 4);
    layout->setSpacing(0);
    caption = new QLabel(frame);
    caption->setObjectName(objectName + QStringLiteral("Caption"));
    caption->setForegroundRole(QPalette::PlaceholderText);
    value = new QLabel(frame);
    value->setObjectName(objectName);
    QFont big = value->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    value->setFont(big);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(caption);
    layout->addWidget(value);
    return frame;
}

// The figure boxes, left to right in as many rows as the width needs: five in a row are wider than
// the preview gets beside the entrant list at 1280x800.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(int spacing)
        : m_spacing(spacing)
    {
        setContentsMargins(0, 0, 0, 0);
    }
    ~FlowLayout() override
    {
        while (QLayoutItem* item = takeAt(0))
            delete item;
    }

    void addItem(QLayoutItem* item) override { m_items.append(item); }
    int count() const override { return static_cast<int>(m_items.size()); }
    QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem* takeAt(int index) override
    {
        return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
    }
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    void setGeometry(const QRect& rect) override
    {
        QLayout::setGeometry(rect);
        arrange(rect, true);
    }
    QSize sizeHint() const override
    {
        // One row, as a wide screen shows it.
        int width = 0;
        int height = 0;
        for (const QLayoutItem* item : m_items) {
            if (item->isEmpty())
                continue;
            width += (width > 0 ? m_spacing : 0) + item->sizeHint().width();
            height = std::max(height, item->sizeHint().height());
        }
        return {width, height};
    }
    QSize minimumSize() const override
    {
        // One box a row at the narrowest.
        QSize size;
        for (const QLayoutItem* item : m_items)
            size = size.expandedTo(item->minimumSize());
        return size;
    }

private:
    // Lays the items out in `rect` (when `apply`) and returns the height they take.
    int arrange(const QRect& rect, bool apply) const
    {
        int x = rect.x();
        int y = rect.y();
        int rowHeight = 0;
        for (QLayoutItem* item : m_items) {
            if (item->isEmpty())
                continue;
            const QSize hint = item->sizeHint();
            if (x > rect.x() && x + hint.width() > rect.right() + 1) {
                x = rect.x();
                y += rowHeight + m_spacing;
                rowHeight = 0;
            }
            if (apply)
                item->setGeometry(
                    QRect(QPoint(x, y), QSize(std::min(hint.width(), rect.width()), hint.height())));
            x += hint.width() + m_spacing;
            rowHeight = std::max(rowHeight, hint.height());
        }
        return y + rowHeight - rect.y();
    }

    QList<QLayoutItem*> m_items;
    int m_spacing = 6;
};

double tierWinnerMinimum(engine::Tier tier)
{
    return engine::winnerPointsFloor(tier);
}

} // namespace

QTableView* payoutTableView(PayoutTableModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(QStringLiteral("payoutTable"));
    view->setModel(model);
    view->verticalHeader()->hide();
    // Fixed sizes: sizing rows or columns to their contents would read every row on every check-in.
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setMinimumWidth(260);
    return view;
}

PayoutPreviewWidget::PayoutPreviewWidget(QWidget* parent)
    : QWidget(parent)
    , m_eventDate(QDate::currentDate())
    , m_ownModel(new PayoutTableModel(this))
    , m_model(m_ownModel)
{
    m_titleLabel = new QLabel(this);
    m_titleLabel->setObjectName(QStringLiteral("eventTitle"));
    QFont titleFont = m_titleLabel->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setBold(true);
    m_titleLabel->setFont(titleFont);
    m_subtitleLabel = new QLabel(this);
    m_subtitleLabel->setObjectName(QStringLiteral("eventSubtitle"));
    m_lockSourceLabel = new QLabel(this);
    m_lockSourceLabel->setObjectName(QStringLiteral("lockSource"));
    m_lockSourceLabel->setVisible(false);
    m_computingLabel = new QLabel(this);
    m_computingLabel->setObjectName(QStringLiteral("computingRatings"));
    m_computingLabel->setVisible(false);
    m_computingBar = new QProgressBar(this);
    m_computingBar->setObjectName(QStringLiteral("computingProgress"));
    m_computingBar->setVisible(false);

    QLabel* caption = nullptr;
    auto* stats = new FlowLayout(6);
    stats->addWidget(statBox(this, QStringLiteral("fieldStrength"), caption, m_strengthValue));
    caption->setText(tr("FSI (field strength)"));
    stats->addWidget(statBox(this, QStringLiteral("fieldDepth"), caption, m_depthValue));
    caption->setText(tr("FDI (field depth)"));
    stats->addWidget(statBox(this, QStringLiteral("fieldSize"), m_fieldSizeCaption, m_fieldSizeValue));
    stats->addWidget(statBox(this, QStringLiteral("tierFloor"), m_tierCaption, m_tierValue));
    stats->addWidget(statBox(this, QStringLiteral("winnerPoints"), caption, m_winnerValue));
    caption->setText(tr("Winner"));

    m_notesLabel = new QLabel(this);
    m_notesLabel->setObjectName(QStringLiteral("notes"));
    m_notesLabel->setWordWrap(true);

    m_tableView = payoutTableView(m_model, this);

    m_chart = new PayoutChart(this);
    m_chart->setObjectName(QStringLiteral("payoutChart"));

    // Side by side when there is room, one above the other when not (resizeEvent()).
    m_tableChartSplitter = new QSplitter(Qt::Horizontal, this);
    m_tableChartSplitter->setObjectName(QStringLiteral("payoutTableChartSplitter"));
    m_tableChartSplitter->addWidget(m_tableView);
    m_tableChartSplitter->addWidget(m_chart);
    m_tableChartSplitter->setStretchFactor(0, 0);
    m_tableChartSplitter->setStretchFactor(1, 1);
    m_tableChartSplitter->setChildrenCollapsible(false);
    // Its width is not the sum of both: stacked, the narrower preview beside the entrant list fits.
    m_tableChartSplitter->setMinimumWidth(
        std::max(m_tableView->minimumWidth(), m_chart->minimumSizeHint().width()));
    auto* splitter = m_tableChartSplitter;

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_titleLabel);
    layout->addWidget(m_subtitleLabel);
    layout->addWidget(m_lockSourceLabel);
    layout->addWidget(m_computingLabel);
    layout->addWidget(m_computingBar);
    layout->addLayout(stats);
    layout->addWidget(m_notesLabel);
    layout->addWidget(splitter, 1);

    setTable(engine::PayoutTable{}, QString());
}

void PayoutPreviewWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // The table and the chart side by side need both their minimum widths; a margin either way keeps
    // the layout from flipping back and forth while a divider is dragged across the threshold.
    const int sideBySide = m_tableView->minimumWidth() + m_chart->minimumSizeHint().width() +
                           m_tableChartSplitter->handleWidth();
    const int width = event->size().width();
    if (m_tableChartSplitter->orientation() == Qt::Horizontal && width < sideBySide + 20) {
        m_tableChartSplitter->setOrientation(Qt::Vertical);
        m_tableChartSplitter->setStretchFactor(0, 1);
        m_tableChartSplitter->setStretchFactor(1, 1);
    } else if (m_tableChartSplitter->orientation() == Qt::Vertical && width > sideBySide + 60) {
        m_tableChartSplitter->setOrientation(Qt::Horizontal);
        m_tableChartSplitter->setStretchFactor(0, 0);
        m_tableChartSplitter->setStretchFactor(1, 1);
    }
}

const engine::PayoutTable& PayoutPreviewWidget::table() const
{
    return m_model->table();
}

void PayoutPreviewWidget::setTable(const engine::PayoutTable& table, const QString& eventTitle)
{
    m_eventTitle = eventTitle;
    m_model->setTable(table); // nothing to do when `table` is the shown model's own
    showModelTable();
}

void PayoutPreviewWidget::setModel(PayoutTableModel* model)
{
    PayoutTableModel* shown = model ? model : m_ownModel;
    if (shown == m_model)
        return;
    if (m_model != m_ownModel)
        disconnect(m_model, &QObject::destroyed, this, nullptr);
    m_model = shown;
    // An event's model may go first (its session closes): the widget's own takes its place.
    if (m_model != m_ownModel)
        connect(m_model, &QObject::destroyed, this, [this] {
            m_model = m_ownModel;
            m_tableView->setModel(m_model);
        });
    m_tableView->setModel(m_model);
}

void PayoutPreviewWidget::setEvent(const QString& eventTitle, QDate date)
{
    m_eventTitle = eventTitle;
    m_eventDate = date;
    showModelTable();
}

void PayoutPreviewWidget::showModelTable()
{
    const engine::PayoutTable& table = m_model->table();
    const QString& eventTitle = m_eventTitle;

    m_titleLabel->setText(eventTitle.isEmpty() ? tr("Untitled event") : eventTitle);
    // Without an event (setEvent with no date: none is selected) there is no date, format or Tier.
    const bool hasEvent = m_eventDate.isValid();
    m_subtitleLabel->setVisible(hasEvent);
    for (QLabel* value : {m_strengthValue, m_depthValue, m_fieldSizeValue, m_tierValue, m_winnerValue})
        value->parentWidget()->setVisible(hasEvent);
    m_subtitleLabel->setText(tr("%1 \u00b7 %2 \u00b7 %3")
                                 .arg(QLocale().toString(m_eventDate, QLocale::LongFormat),
                                      payouttext::format(table.format), payouttext::tier(table.tier)));
    m_strengthValue->setText(payouttext::fieldStrength(table.fieldStrengthIndex));
    m_depthValue->setText(payouttext::fieldDepth(table.fieldDepthIndex));
    m_fieldSizeCaption->setText(payouttext::fieldSizeCaption(table.format));
    m_fieldSizeValue->setText(payouttext::fieldSize(table.fieldSize));
    m_tierCaption->setText(tr("%1 floor (winner at least)").arg(payouttext::tier(table.tier)));
    m_tierValue->setText(payouttext::points(tierWinnerMinimum(table.tier)));
    m_winnerValue->setText(table.points.empty() ? QStringLiteral("\u2013")
                                                : payouttext::points(table.awards.front()));
    const QStringList lines = notes();
    m_notesLabel->setText(lines.join(QLatin1Char('\n')));
    m_notesLabel->setVisible(!lines.isEmpty() && !isComputing());
    if (isComputing()) {
        // Figures of a field whose ratings are not known yet are no preview: they wait.
        for (QLabel* value : {m_strengthValue, m_depthValue, m_winnerValue})
            value->setText(QStringLiteral("\u2026"));
    }

    m_chart->setTitle(tr("Points by place (N = %1)").arg(payouttext::fieldSize(table.fieldSize)));
    m_chart->setCurve(table.points);
    // Without depth (FDI 0, DECISIONS P6 small fields) there is no lift to show.
    m_chart->setDepthLift(table.fieldDepthIndex > 0.0
                              ? std::span<const double>(m_model->pointsWithoutDepthLift())
                              : std::span<const double>());
    m_chart->setFloorLine(tierWinnerMinimum(table.tier), engine::FieldWeightedPointsParameters{}.pointsFloor);
}

void PayoutPreviewWidget::setLockSource(const QString& source)
{
    m_lockSource = source;
    m_lockSourceLabel->setText(source.isEmpty() ? QString() : tr("Locked ratings: %1").arg(source));
    m_lockSourceLabel->setVisible(!source.isEmpty());
}

void PayoutPreviewWidget::setComputing(const QString& text, int value, int maximum)
{
    const bool computing = !text.isEmpty();
    m_computingLabel->setText(text);
    m_computingLabel->setVisible(computing);
    m_computingBar->setRange(0, std::max(0, maximum));
    m_computingBar->setValue(std::clamp(value, 0, std::max(0, maximum)));
    m_computingBar->setFormat(maximum > 0 ? tr("sweep %1 of at most %2").arg(value).arg(maximum) : QString());
    m_computingBar->setVisible(computing);
    // The table and chart of a field of unrated players are no preview: hidden until the ratings arrive.
    if (m_tableChartSplitter->isHidden() != computing) {
        m_tableChartSplitter->setVisible(!computing);
        showModelTable();
    }
}

bool PayoutPreviewWidget::isComputing() const
{
    return !m_computingLabel->text().isEmpty();
}

void PayoutPreviewWidget::setEventDate(QDate date)
{
    m_eventDate = date;
    showModelTable();
}

QStringList PayoutPreviewWidget::notes() const
{
    const engine::PayoutTable& t = table();
    const engine::FieldWeightedPointsParameters parameters;
    QStringList lines;
    if (t.capApplied) {
        lines << tr("Experimental format: FSI is capped at %1 (the field's strength is %2).")
                     .arg(payouttext::fieldStrength(t.fieldStrengthIndex),
                          payouttext::fieldStrength(t.unflooredFieldStrength));
    } else if (t.fieldSize > 0 && t.unflooredFieldStrength < engine::fieldStrengthFloor(t.tier)) {
        // DECISIONS P4: the Tier guarantees the winner its minimum.
        lines << tr("The field's strength (%1) is below the %2 floor: FSI is raised to %3.")
                     .arg(payouttext::fieldStrength(t.unflooredFieldStrength), payouttext::tier(t.tier),
                          payouttext::fieldStrength(t.fieldStrengthIndex));
    }
    if (t.meetsHigherTierFloor) {
        // DECISIONS P10: the unfloored winner points reach a higher Tier's guaranteed minimum.
        lines << tr("This field is as strong as a %1 event: even without this event's Tier floor, the "
                    "winner would get %2 points, at least what a %1 winner is guaranteed.")
                     .arg(payouttext::tier(*t.meetsHigherTierFloor),
                          payouttext::points(t.unflooredWinnerPoints));
    }
    const bool doubles = t.format == engine::EventFormat::Doubles;
    const int depthThreshold = doubles ? parameters.depthThresholdDoubles : parameters.depthThresholdSingles;
    if (t.fieldSize > 0 && t.fieldSize < depthThreshold) {
        // DECISIONS P6: the small-field rule.
        lines << (doubles
                      ? tr("Fewer than %1 teams: FDI is 0, the field is too small to measure its depth.")
                      : tr("Fewer than %1 players: FDI is 0, the field is too small to measure its depth."))
                     .arg(depthThreshold);
    }
    if (doubles)
        lines << tr("Both partners of a team receive the team's points."); // DECISIONS P9
    return lines;
}

// ---- The printed sheet ----

struct PayoutPreviewWidget::SheetLayout {
    QRectF page; // the paintable area, in device pixels
    qreal mm = 1.0;
    QFont titleFont;
    QFont subtitleFont;
    QFont captionFont;
    QFont statFont;
    QFont bodyFont;
    QFont tableFont;
    QFont tableHeaderFont;
    QFont footerFont;
    qreal headerBottom = 0.0;
    QRectF chartRect;
    qreal rowHeight = 0.0;
    qreal tableHeaderHeight = 0.0;
    qreal groupWidth = 0.0;
    qreal footerHeight = 0.0;
    int groups = 1;
    // pages[page][column]: how many places each column of each page holds (sheet::placeColumns).
    std::vector<std::vector<int>> pages;
};

PayoutPreviewWidget::SheetLayout PayoutPreviewWidget::sheetLayout(const QPaintDevice& device) const
{
    SheetLayout s;
    s.page = QRectF(0, 0, device.width(), device.height());
    s.mm = device.logicalDpiY() / 25.4;
    auto font = [](qreal pointSize, bool bold) {
        QFont f(QStringLiteral("DejaVu Sans"));
        f.setStyleHint(QFont::SansSerif);
        f.setPointSizeF(pointSize);
        f.setBold(bold);
        return f;
    };
    s.titleFont = font(18, true);
    s.subtitleFont = font(11, false);
    s.captionFont = font(8.5, false);
    s.statFont = font(15, true);
    s.bodyFont = font(9.5, false);
    // The table is read from a step or two away at the venue.
    s.tableFont = font(11, false);
    s.tableHeaderFont = font(11, true);
    s.footerFont = font(7.5, false);
    auto lineHeight = [&device](const QFont& f) { return QFontMetricsF(f, &device).lineSpacing(); };

    qreal y = lineHeight(s.titleFont) + lineHeight(s.subtitleFont) + 3 * s.mm;
    y += lineHeight(s.captionFont) + lineHeight(s.statFont) + 4 * s.mm; // the figures
    y += static_cast<qreal>(notes().size()) * lineHeight(s.bodyFont) + 3 * s.mm;
    s.headerBottom = y;

    const qreal chartHeight = std::min(s.page.height() * 0.36, s.page.width() * 0.55);
    s.chartRect = QRectF(0, y, s.page.width(), chartHeight);

    s.footerHeight = sheet::footerHeight(device);
    s.rowHeight = lineHeight(s.tableFont) * 1.3;
    s.tableHeaderHeight = lineHeight(s.tableHeaderFont) * 1.5;
    const QFontMetricsF tableMetrics(s.tableHeaderFont, &device);
    s.groupWidth = std::max(26 * s.mm, tableMetrics.horizontalAdvance(tr("Place")) +
                                           tableMetrics.horizontalAdvance(tr("Points")) + 10 * s.mm);
    s.groups = std::clamp(static_cast<int>(s.page.width() / s.groupWidth), 1, 8);

    const qreal tableTopFirst = s.chartRect.bottom() + 5 * s.mm;
    const qreal tableBottom = s.page.height() - s.footerHeight;
    auto rowsIn = [&](qreal top) {
        return std::max(0, static_cast<int>((tableBottom - top - s.tableHeaderHeight) / s.rowHeight));
    };
    const int firstPageRows = rowsIn(tableTopFirst);
    const int fullPageRows = std::max(1, rowsIn(0));

    // Long columns read better than many short ones (up to 18 places before a new column starts),
    // balanced, and never a column of a single place.
    s.pages =
        sheet::placeColumns(static_cast<int>(table().points.size()), s.groups, firstPageRows, fullPageRows);
    return s;
}

int PayoutPreviewWidget::sheetPageCount(const QPaintDevice& device) const
{
    return static_cast<int>(sheetLayout(device).pages.size());
}

std::vector<std::vector<int>> PayoutPreviewWidget::sheetColumns(const QPaintDevice& device) const
{
    return sheetLayout(device).pages;
}

QImage PayoutPreviewWidget::sheetPageImage(int page, int dpi, const QDateTime& printedAt)
{
    QImage image = sheet::blankPage(dpi);
    paintSheet(image, printedAt, page, [] { return true; });
    return image;
}

void PayoutPreviewWidget::paintSheetTable(QPainter& painter, const SheetLayout& s, QRectF area,
                                          int firstPlace, const std::vector<int>& columns) const
{
    const engine::PayoutTable& t = table();
    const int fieldSize = static_cast<int>(t.awards.size());
    const QColor rule(0x90, 0x90, 0x90);
    const QColor shade(0xee, 0xf1, 0xf5);
    const qreal pad = 2 * s.mm;
    int groupFirst = firstPlace;
    for (int group = 0; group < static_cast<int>(columns.size()); ++group) {
        const int rowsPerGroup = columns[static_cast<std::size_t>(group)];
        if (groupFirst > fieldSize)
            break;
        const qreal x = area.left() + group * s.groupWidth;
        const qreal width = s.groupWidth - 3 * s.mm;
        const QRectF placeColumn(x, 0, width * 0.4, 0);
        const QRectF pointsColumn(x + width * 0.4, 0, width * 0.6 - pad, 0);
        auto cell = [](const QRectF& column, qreal top, qreal height) {
            return QRectF(column.left(), top, column.width(), height);
        };

        painter.setFont(s.tableHeaderFont);
        painter.setPen(Qt::black);
        painter.drawText(cell(placeColumn, area.top(), s.tableHeaderHeight),
                         Qt::AlignRight | Qt::AlignVCenter, tr("Place"));
        painter.drawText(cell(pointsColumn, area.top(), s.tableHeaderHeight),
                         Qt::AlignRight | Qt::AlignVCenter, tr("Points"));
        painter.setPen(QPen(rule, 0.25 * s.mm));
        const qreal ruleY = area.top() + s.tableHeaderHeight - 0.5 * s.mm;
        painter.drawLine(QPointF(x, ruleY), QPointF(x + width, ruleY));

        painter.setFont(s.tableFont);
        for (int row = 0; row < rowsPerGroup; ++row) {
            const int place = groupFirst + row;
            if (place > fieldSize)
                break;
            const qreal top = area.top() + s.tableHeaderHeight + row * s.rowHeight;
            if (row % 2 == 1)
                painter.fillRect(QRectF(x, top, width, s.rowHeight), shade);
            painter.setPen(Qt::black);
            painter.drawText(cell(placeColumn, top, s.rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                             QLocale().toString(place));
            painter.drawText(cell(pointsColumn, top, s.rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                             payouttext::points(t.awards[static_cast<std::size_t>(place - 1)]));
        }
        groupFirst += rowsPerGroup;
    }
}

bool PayoutPreviewWidget::paintSheet(QPaintDevice& device, const QDateTime& printedAt, int onlyPage,
                                     const std::function<bool()>& newPage)
{
    QPainter painter;
    if (!painter.begin(&device))
        return false;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const SheetLayout s = sheetLayout(device);
    const engine::PayoutTable& t = table();
    const int pageCount = static_cast<int>(s.pages.size());
    const QColor grey(0x55, 0x55, 0x55);

    int firstPlace = 1;
    bool first = true;
    for (int pageIndex = 0; pageIndex < pageCount; ++pageIndex) {
        const std::vector<int>& columns = s.pages[static_cast<std::size_t>(pageIndex)];
        const int pageFirstPlace = firstPlace;
        for (const int held : columns)
            firstPlace += held;
        if (onlyPage >= 0 && pageIndex != onlyPage)
            continue;
        if (!first && !newPage())
            return false;
        first = false;
        qreal tableTop = 0.0;
        if (pageIndex == 0) {
            qreal y = 0.0;
            painter.setFont(s.titleFont);
            painter.setPen(Qt::black);
            const QFontMetricsF titleMetrics(s.titleFont, &device);
            const QString title = m_eventTitle.isEmpty() ? tr("Untitled event") : m_eventTitle;
            painter.drawText(QRectF(0, y, s.page.width(), titleMetrics.lineSpacing()),
                             Qt::AlignLeft | Qt::AlignVCenter,
                             titleMetrics.elidedText(title, Qt::ElideRight, s.page.width()));
            y += titleMetrics.lineSpacing();
            painter.setFont(s.subtitleFont);
            painter.setPen(grey);
            const qreal subtitleHeight = QFontMetricsF(s.subtitleFont, &device).lineSpacing();
            painter.drawText(QRectF(0, y, s.page.width(), subtitleHeight), Qt::AlignLeft | Qt::AlignVCenter,
                             m_subtitleLabel->text());
            y += subtitleHeight + 3 * s.mm;

            // The figures a director is asked about: FSI, FDI, N, the Tier floor and the winner.
            const QStringList captions{tr("FSI"), tr("FDI"), payouttext::fieldSizeCaption(t.format),
                                       tr("%1 floor").arg(payouttext::tier(t.tier)), tr("Winner")};
            const QStringList values{m_strengthValue->text(), m_depthValue->text(), m_fieldSizeValue->text(),
                                     m_tierValue->text(), m_winnerValue->text()};
            const qreal gap = 2 * s.mm;
            const qreal boxWidth = (s.page.width() - gap * (captions.size() - 1)) / captions.size();
            const qreal boxHeight = sheet::paintFigureBoxes(painter, device, y, boxWidth, s.mm, captions,
                                                            values, s.captionFont, s.statFont);
            y += boxHeight + 2 * s.mm;

            painter.setFont(s.bodyFont);
            painter.setPen(Qt::black);
            const qreal bodyHeight = QFontMetricsF(s.bodyFont, &device).lineSpacing();
            for (const QString& line : notes()) {
                painter.drawText(QRectF(0, y, s.page.width(), bodyHeight), Qt::AlignLeft | Qt::AlignVCenter,
                                 line);
                y += bodyHeight;
            }

            m_chart->render(&painter, s.chartRect);
            tableTop = s.chartRect.bottom() + 5 * s.mm;
        }

        if (!columns.empty()) {
            paintSheetTable(painter, s, QRectF(0, tableTop, s.page.width(), s.page.height() - tableTop),
                            pageFirstPlace, columns);
        }

        // The footer: what made the sheet, when it was printed and where it is in the stack.
        sheet::paintFooter(painter, s.page, s.mm,
                           tr("NCA Field-Weighted Points \u00b7 FlickDesk %1 \u00b7 points rounded to 0.1")
                               .arg(QStringLiteral(FLICKDESK_VERSION)),
                           printedAt, pageIndex + 1, pageCount);
    }
    return painter.end();
}

bool PayoutPreviewWidget::print(QPrinter* printer)
{
    return sheet::print(printer, m_eventTitle, sheetPainter());
}

bool PayoutPreviewWidget::savePdf(const QString& path)
{
    return sheet::savePdf(path, tr("%1: Field-Weighted Points").arg(m_eventTitle), sheetPainter());
}

sheet::PaintSheet PayoutPreviewWidget::sheetPainter()
{
    return [this](QPagedPaintDevice& device) {
        return paintSheet(device, QDateTime::currentDateTime(), -1, [&device] { return device.newPage(); });
    };
}

} // namespace flickdesk::ui
