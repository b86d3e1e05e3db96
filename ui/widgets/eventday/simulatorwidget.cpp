#include "widgets/eventday/simulatorwidget.h"

#include "core/awards/payout.h"
#include "widgets/charts/payoutchart.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "models/eventday/payouttablemodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <span>

namespace flickdesk::ui {

namespace {

// FSI and FDI sliders move in thousandths: the precision they are shown with (DECISIONS P8).
constexpr double kSliderScale = 1000.0;

int sliderPosition(double value)
{
    return static_cast<int>(std::lround(value * kSliderScale));
}

QSlider* horizontalSlider(QWidget* parent, const QString& objectName)
{
    auto* slider = new QSlider(Qt::Horizontal, parent);
    slider->setObjectName(objectName);
    slider->setMinimumWidth(240);
    return slider;
}

} // namespace

SimulatorWidget::SimulatorWidget(QWidget* parent)
    : QWidget(parent)
    , m_model(new PayoutTableModel(this))
{
    // FSI: the field's strength before the Tier floor.
    m_strengthSlider = horizontalSlider(this, QStringLiteral("fieldStrengthSlider"));
    m_strengthSlider->setRange(sliderPosition(kMinimumFieldStrength), sliderPosition(kMaximumFieldStrength));
    m_strengthSlider->setSingleStep(10);
    m_strengthSlider->setPageStep(100);
    m_strengthSpin = new QDoubleSpinBox(this);
    m_strengthSpin->setObjectName(QStringLiteral("fieldStrengthSpin"));
    m_strengthSpin->setDecimals(3);
    m_strengthSpin->setRange(kMinimumFieldStrength, kMaximumFieldStrength);
    m_strengthSpin->setSingleStep(0.01);

    m_depthSlider = horizontalSlider(this, QStringLiteral("fieldDepthSlider"));
    m_depthSlider->setRange(0, sliderPosition(1.0)); // DECISIONS P6: FDI is clamped to [0, 1]
    m_depthSlider->setSingleStep(10);
    m_depthSlider->setPageStep(100);
    m_depthSpin = new QDoubleSpinBox(this);
    m_depthSpin->setObjectName(QStringLiteral("fieldDepthSpin"));
    m_depthSpin->setDecimals(3);
    m_depthSpin->setRange(0.0, 1.0);
    m_depthSpin->setSingleStep(0.01);

    m_sizeSlider = horizontalSlider(this, QStringLiteral("fieldSizeSlider"));
    m_sizeSlider->setRange(kMinimumFieldSize, kMaximumFieldSize);
    m_sizeSlider->setPageStep(10);
    m_sizeSpin = new QSpinBox(this);
    m_sizeSpin->setObjectName(QStringLiteral("fieldSizeSpin"));
    m_sizeSpin->setRange(kMinimumFieldSize, kMaximumFieldSize);

    m_formatCombo = new QComboBox(this);
    m_formatCombo->setObjectName(QStringLiteral("formatCombo"));
    m_formatCombo->addItem(tr("Singles: decay %1").arg(QLocale().toString(m_parameters.decaySingles, 'f', 1)),
                           static_cast<int>(engine::EventFormat::Singles));
    m_formatCombo->addItem(tr("Doubles: decay %1").arg(QLocale().toString(m_parameters.decayDoubles, 'f', 1)),
                           static_cast<int>(engine::EventFormat::Doubles));

    m_tierCombo = new QComboBox(this);
    m_tierCombo->setObjectName(QStringLiteral("tierCombo"));
    for (engine::Tier tier : {engine::Tier::One, engine::Tier::Two, engine::Tier::Three}) {
        m_tierCombo->addItem(tr("%1: FSI floor %2, winner at least %3")
                                 .arg(payouttext::tier(tier),
                                      QLocale().toString(engine::fieldStrengthFloor(tier), 'f', 2),
                                      payouttext::points(engine::winnerPointsFloor(tier))),
                             static_cast<int>(tier));
    }

    // DECISIONS P4: an experimental-format event may cap its FSI (FlickDesk proposes 1.00).
    m_capCheck = new QCheckBox(tr("Experimental-format FSI cap"), this);
    m_capCheck->setObjectName(QStringLiteral("capCheck"));
    m_capSpin = new QDoubleSpinBox(this);
    m_capSpin->setObjectName(QStringLiteral("capSpin"));
    m_capSpin->setDecimals(3);
    m_capSpin->setRange(0.0, kMaximumFieldStrength);
    m_capSpin->setSingleStep(0.05);
    m_capSpin->setValue(engine::proposedExperimentalCap);
    m_capSpin->setEnabled(false);

    m_readout = new QLabel(this);
    m_readout->setObjectName(QStringLiteral("readout"));
    m_readout->setWordWrap(true);
    m_readout->setTextFormat(Qt::PlainText);
    m_readout->setFrameShape(QFrame::StyledPanel);
    m_readout->setMargin(8);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_tableView = payoutTableView(m_model, this);

    // "What if 10 players rated about 3.5 arrive?": hypothetical players join the field.
    m_addCount = new QSpinBox(this);
    m_addCount->setObjectName(QStringLiteral("addCountSpin"));
    m_addCount->setRange(1, kMaximumFieldSize);
    m_addCount->setValue(10);
    m_addRating = new QDoubleSpinBox(this);
    m_addRating->setObjectName(QStringLiteral("addRatingSpin"));
    m_addRating->setDecimals(2);
    m_addRating->setRange(0.0, 10.0);
    m_addRating->setSingleStep(0.1);
    m_addRating->setValue(3.5);
    m_addButton = new QPushButton(tr("&Add"), this);
    m_addButton->setObjectName(QStringLiteral("addPlayersButton"));
    m_addButton->setToolTip(tr("Ratings spread evenly within 0.25 either side of the rating given"));
    m_groupList = new QListWidget(this);
    m_groupList->setObjectName(QStringLiteral("hypotheticalGroups"));
    m_groupList->setMaximumHeight(fontMetrics().height() * 4 + 8);
    m_removeGroup = new QPushButton(tr("Remove &group"), this);
    m_removeGroup->setObjectName(QStringLiteral("removeGroupButton"));
    m_removeGroup->setEnabled(false);
    connect(m_addButton, &QPushButton::clicked, this,
            [this] { addHypotheticalPlayers(m_addCount->value(), m_addRating->value()); });
    connect(m_addRating, &QAbstractSpinBox::editingFinished, this, [this] {
        if (m_addRating->hasFocus())
            m_addButton->click();
    });
    connect(m_removeGroup, &QPushButton::clicked, this, [this] {
        if (m_groupList->currentRow() >= 0)
            removeHypotheticalGroup(m_groupList->currentRow());
    });
    connect(m_groupList, &QListWidget::currentRowChanged, this,
            [this](int row) { m_removeGroup->setEnabled(row >= 0); });

    m_chart = new PayoutChart(this);
    m_chart->setObjectName(QStringLiteral("payoutChart"));
    m_chart->setTitle(tr("Simulated points by place"));

    auto* controls = new QGridLayout;
    int row = 0;
    auto addRow = [&](const QString& label, QWidget* input, QWidget* spin) {
        auto* caption = new QLabel(label, this);
        caption->setBuddy(spin ? spin : input);
        controls->addWidget(caption, row, 0);
        if (spin) {
            controls->addWidget(input, row, 1);
            controls->addWidget(spin, row, 2);
        } else {
            controls->addWidget(input, row, 1, 1, 2);
        }
        ++row;
    };
    addRow(tr("FSI (field strength)"), m_strengthSlider, m_strengthSpin);
    addRow(tr("FDI (field depth)"), m_depthSlider, m_depthSpin);
    addRow(tr("Field size (N)"), m_sizeSlider, m_sizeSpin);
    addRow(tr("Format"), m_formatCombo, nullptr);
    addRow(tr("Tier"), m_tierCombo, nullptr);
    controls->addWidget(m_capCheck, row, 0);
    controls->addWidget(m_capSpin, row, 2);
    ++row;
    // Alt+Y and Alt+B: letters no tab, menu or other control of the window takes.
    auto* addCaption = new QLabel(tr("Pla&yers arriving"), this);
    addCaption->setObjectName(QStringLiteral("addCaption"));
    addCaption->setBuddy(m_addCount);
    auto* addRow2 = new QHBoxLayout;
    addRow2->addWidget(m_addCount);
    auto* about = new QLabel(tr("rated a&bout"), this);
    about->setObjectName(QStringLiteral("addRatingCaption"));
    about->setBuddy(m_addRating);
    addRow2->addWidget(about);
    addRow2->addWidget(m_addRating);
    addRow2->addWidget(m_addButton);
    addRow2->addStretch();
    controls->addWidget(addCaption, row, 0);
    controls->addLayout(addRow2, row, 1, 1, 2);
    controls->setColumnStretch(1, 1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_tableView);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    // The controls, and beside them in words what they make of the field.
    auto* top = new QHBoxLayout;
    top->addLayout(controls, 3);
    auto* side = new QVBoxLayout;
    side->addWidget(m_readout);
    auto* groupRow = new QHBoxLayout;
    groupRow->addWidget(m_groupList, 1);
    groupRow->addWidget(m_removeGroup, 0, Qt::AlignTop);
    side->addLayout(groupRow);
    side->addStretch();
    top->addLayout(side, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    // valueChanged, not sliderReleased: the curve follows the slider while it moves.
    connect(m_strengthSlider, &QSlider::valueChanged, this, [this](int position) {
        m_fieldStrength = position / kSliderScale;
        const QSignalBlocker blocker(m_strengthSpin);
        m_strengthSpin->setValue(m_fieldStrength);
        recompute();
    });
    connect(m_strengthSpin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        m_fieldStrength = value;
        const QSignalBlocker blocker(m_strengthSlider);
        m_strengthSlider->setValue(sliderPosition(value));
        recompute();
    });
    connect(m_depthSlider, &QSlider::valueChanged, this, [this](int position) {
        m_fieldDepth = position / kSliderScale;
        const QSignalBlocker blocker(m_depthSpin);
        m_depthSpin->setValue(m_fieldDepth);
        recompute();
    });
    connect(m_depthSpin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        m_fieldDepth = value;
        const QSignalBlocker blocker(m_depthSlider);
        m_depthSlider->setValue(sliderPosition(value));
        recompute();
    });
    connect(m_sizeSlider, &QSlider::valueChanged, this, [this](int value) {
        const QSignalBlocker blocker(m_sizeSpin);
        m_sizeSpin->setValue(value);
        recompute();
    });
    connect(m_sizeSpin, &QSpinBox::valueChanged, this, [this](int value) {
        const QSignalBlocker blocker(m_sizeSlider);
        m_sizeSlider->setValue(value);
        recompute();
    });
    // The field's strength depends on the format (top 20 players, top 10 teams): a field follows.
    connect(m_formatCombo, &QComboBox::currentIndexChanged, this, [this] {
        showGroups();
        if (m_groups.empty())
            recompute();
        else
            applyField();
    });
    connect(m_tierCombo, &QComboBox::currentIndexChanged, this, &SimulatorWidget::recompute);
    connect(m_capCheck, &QCheckBox::toggled, this, [this](bool capped) {
        m_capSpin->setEnabled(capped);
        m_experimentalCap = capped ? std::optional<double>(m_capSpin->value()) : std::nullopt;
        recompute();
    });
    connect(m_capSpin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (m_capCheck->isChecked())
            m_experimentalCap = value;
        recompute();
    });

    // A strong, moderately deep field of 40 singles players at a Tier 2 event to begin with.
    {
        const QSignalBlocker sizeBlocker(m_sizeSpin);
        const QSignalBlocker sliderBlocker(m_sizeSlider);
        m_sizeSpin->setValue(40);
        m_sizeSlider->setValue(40);
        const QSignalBlocker tierBlocker(m_tierCombo);
        m_tierCombo->setCurrentIndex(1);
    }
    showFieldStrength();
    showFieldDepth();
    recompute();
}

void SimulatorWidget::showFieldStrength()
{
    // A field beyond the slider's range widens it rather than being cut to fit.
    const double top = std::max(kMaximumFieldStrength, std::ceil(m_fieldStrength * 10.0) / 10.0);
    const QSignalBlocker spinBlocker(m_strengthSpin);
    const QSignalBlocker sliderBlocker(m_strengthSlider);
    m_strengthSpin->setMaximum(top);
    m_strengthSlider->setMaximum(sliderPosition(top));
    m_strengthSpin->setValue(m_fieldStrength);
    m_strengthSlider->setValue(sliderPosition(m_fieldStrength));
}

void SimulatorWidget::showFieldDepth()
{
    const QSignalBlocker spinBlocker(m_depthSpin);
    const QSignalBlocker sliderBlocker(m_depthSlider);
    m_depthSpin->setValue(m_fieldDepth);
    m_depthSlider->setValue(sliderPosition(m_fieldDepth));
}

void SimulatorWidget::showExperimentalCap()
{
    const QSignalBlocker checkBlocker(m_capCheck);
    const QSignalBlocker spinBlocker(m_capSpin);
    m_capCheck->setChecked(m_experimentalCap.has_value());
    m_capSpin->setEnabled(m_experimentalCap.has_value());
    if (m_experimentalCap)
        m_capSpin->setValue(*m_experimentalCap);
}

void SimulatorWidget::startFrom(const engine::PayoutTable& table)
{
    // Below the lowest Tier floor the exact strength does not matter: every Tier raises it.
    m_fieldStrength = std::max(kMinimumFieldStrength, table.unflooredFieldStrength);
    m_fieldDepth = std::clamp(table.fieldDepthIndex, 0.0, 1.0);
    m_experimentalCap = table.experimentalCap;
    {
        const int size = std::max(kMinimumFieldSize, table.fieldSize);
        const QSignalBlocker sizeBlocker(m_sizeSpin);
        const QSignalBlocker sliderBlocker(m_sizeSlider);
        m_sizeSpin->setMaximum(std::max(kMaximumFieldSize, size));
        m_sizeSlider->setMaximum(std::max(kMaximumFieldSize, size));
        m_sizeSpin->setValue(size);
        m_sizeSlider->setValue(size);
        const QSignalBlocker formatBlocker(m_formatCombo);
        m_formatCombo->setCurrentIndex(m_formatCombo->findData(static_cast<int>(table.format)));
        const QSignalBlocker tierBlocker(m_tierCombo);
        m_tierCombo->setCurrentIndex(m_tierCombo->findData(static_cast<int>(table.tier)));
    }
    showFieldStrength();
    showFieldDepth();
    showExperimentalCap();
    recompute();
}

void SimulatorWidget::startFromEvent(const QString& eventName, const engine::PayoutTable& table,
                                     std::vector<double> unitRatings)
{
    m_fromEvent = true;
    m_eventName = eventName;
    m_eventRatings = std::move(unitRatings);
    m_eventCurve = table.points;
    m_groups.clear();
    m_chart->setCurveName(tr("What if"));
    m_chart->setComparisonCurve(m_eventCurve, tr("%1 now").arg(eventName));
    showGroups();
    startFrom(table);
}

void SimulatorWidget::clearEvent()
{
    m_fromEvent = false;
    m_eventName.clear();
    m_eventRatings.clear();
    m_eventCurve.clear();
    m_groups.clear();
    m_chart->setCurveName(tr("Points"));
    m_chart->setComparisonCurve({}, QString());
    showGroups();
    recompute();
}

std::vector<double> SimulatorWidget::spreadRatings(int count, double rating)
{
    // Evenly over rating +- 0.25, the middle of each of `count` equal slices: deterministic, and
    // the mean is `rating` exactly (up to rounding).
    constexpr double halfWidth = 0.25;
    std::vector<double> ratings;
    ratings.reserve(static_cast<std::size_t>(std::max(0, count)));
    for (int i = 0; i < count; ++i)
        ratings.push_back(std::max(0.0, rating - halfWidth + 2.0 * halfWidth * (i + 0.5) / count));
    return ratings;
}

std::vector<double> SimulatorWidget::fieldRatings() const
{
    std::vector<double> ratings = m_eventRatings;
    for (const HypotheticalGroup& group : m_groups) {
        const std::vector<double> spread = spreadRatings(group.count, group.rating);
        ratings.insert(ratings.end(), spread.begin(), spread.end());
    }
    return ratings;
}

void SimulatorWidget::addHypotheticalPlayers(int count, double rating)
{
    if (count < 1 || !std::isfinite(rating) || rating < 0.0)
        return;
    m_groups.push_back({count, rating});
    showGroups();
    m_groupList->setCurrentRow(m_groupList->count() - 1);
    applyField();
}

void SimulatorWidget::removeHypotheticalGroup(int index)
{
    if (index < 0 || index >= hypotheticalGroupCount())
        return;
    m_groups.erase(m_groups.begin() + index);
    showGroups();
    m_groupList->setCurrentRow(std::min(index, m_groupList->count() - 1));
    applyField();
}

void SimulatorWidget::showGroups()
{
    const bool doubles = format() == engine::EventFormat::Doubles;
    const QSignalBlocker blocker(m_groupList);
    m_groupList->clear();
    for (const HypotheticalGroup& group : m_groups) {
        const QString rating = QLocale().toString(group.rating, 'f', 2);
        // Spelled out for one and for many: no translation file turns "%n player(s)" into words.
        QString text;
        if (doubles)
            text = group.count == 1 ? tr("1 team rated about %1").arg(rating)
                                    : tr("%1 teams rated about %2").arg(group.count).arg(rating);
        else
            text = group.count == 1 ? tr("1 player rated about %1").arg(rating)
                                    : tr("%1 players rated about %2").arg(group.count).arg(rating);
        m_groupList->addItem(text);
    }
    m_removeGroup->setEnabled(false);
    m_addCount->setSuffix(doubles ? tr(" teams") : tr(" players"));
}

void SimulatorWidget::applyField()
{
    const std::vector<double> ratings = fieldRatings();
    if (ratings.empty()) {
        recompute();
        return;
    }
    // DECISIONS P4 and P6 by the engine's own rules, over the field with the players added.
    m_fieldStrength =
        std::max(kMinimumFieldStrength, engine::unflooredFieldStrength(ratings, format(), m_parameters));
    m_fieldDepth = std::clamp(engine::fieldDepthIndex(ratings, format(), m_parameters), 0.0, 1.0);
    {
        const int size = std::max(kMinimumFieldSize, static_cast<int>(ratings.size()));
        const QSignalBlocker sizeBlocker(m_sizeSpin);
        const QSignalBlocker sliderBlocker(m_sizeSlider);
        m_sizeSpin->setMaximum(std::max(kMaximumFieldSize, size));
        m_sizeSlider->setMaximum(std::max(kMaximumFieldSize, size));
        m_sizeSpin->setValue(size);
        m_sizeSlider->setValue(size);
    }
    showFieldStrength();
    showFieldDepth();
    recompute();
}

void SimulatorWidget::setFieldStrength(double fieldStrength)
{
    m_fieldStrength = std::max(kMinimumFieldStrength, fieldStrength);
    showFieldStrength();
    recompute();
}

void SimulatorWidget::setFieldDepth(double fieldDepth)
{
    m_fieldDepth = std::clamp(fieldDepth, 0.0, 1.0);
    showFieldDepth();
    recompute();
}

void SimulatorWidget::setFieldSize(int fieldSize)
{
    m_sizeSpin->setValue(fieldSize); // moves the slider and recomputes
}

void SimulatorWidget::setFormat(engine::EventFormat format)
{
    m_formatCombo->setCurrentIndex(m_formatCombo->findData(static_cast<int>(format)));
}

void SimulatorWidget::setTier(engine::Tier tier)
{
    m_tierCombo->setCurrentIndex(m_tierCombo->findData(static_cast<int>(tier)));
}

void SimulatorWidget::setExperimentalCap(std::optional<double> cap)
{
    m_experimentalCap = cap;
    showExperimentalCap();
    recompute();
}

int SimulatorWidget::fieldSize() const
{
    return m_sizeSpin->value();
}

engine::EventFormat SimulatorWidget::format() const
{
    return static_cast<engine::EventFormat>(m_formatCombo->currentData().toInt());
}

engine::Tier SimulatorWidget::tier() const
{
    return static_cast<engine::Tier>(m_tierCombo->currentData().toInt());
}

std::optional<double> SimulatorWidget::experimentalCap() const
{
    return m_experimentalCap;
}

double SimulatorWidget::decay() const
{
    return format() == engine::EventFormat::Doubles ? m_parameters.decayDoubles : m_parameters.decaySingles;
}

const engine::PayoutTable& SimulatorWidget::table() const
{
    return m_model->table();
}

void SimulatorWidget::recompute()
{
    // The engine's own rules from the field's summary on (DECISIONS P4, P7, P8, P10): the one payout
    // path (core/awards/payout.h), fed the what-if's strength and depth instead of ratings.
    core::PayoutTerms terms;
    terms.format = format();
    terms.tier = tier();
    terms.experimentalCap = m_experimentalCap;
    const engine::PayoutTable t =
        core::payoutTableOfSummary(terms, fieldSize(), m_fieldStrength, m_fieldDepth, m_parameters);

    m_model->setTable(t);
    m_chart->setCurve(t.points);
    m_chart->setDepthLift(t.fieldDepthIndex > 0.0 ? std::span<const double>(m_model->pointsWithoutDepthLift())
                                                  : std::span<const double>());
    m_chart->setFloorLine(engine::winnerPointsFloor(t.tier), m_parameters.pointsFloor);

    QStringList lines;
    QString strength = tr("FSI used: %1").arg(payouttext::fieldStrength(t.fieldStrengthIndex));
    if (t.capApplied)
        strength = tr("%1, capped for the experimental format").arg(strength);
    else if (m_fieldStrength < engine::fieldStrengthFloor(t.tier))
        strength = tr("%1, raised to the %2 floor").arg(strength, payouttext::tier(t.tier));
    lines << strength;
    lines << tr("FDI %1 \u00b7 N = %2 \u00b7 decay %3")
                 .arg(payouttext::fieldDepth(t.fieldDepthIndex), payouttext::fieldSize(t.fieldSize),
                      QLocale().toString(decay(), 'f', 1));
    lines << tr("Winner %1 points, last place %2")
                 .arg(payouttext::points(t.awards.front()), payouttext::points(t.awards.back()));
    if (t.meetsHigherTierFloor) {
        // DECISIONS P10: the unfloored winner points reach a higher Tier's guaranteed minimum.
        lines << tr("Such a field is as strong as a %1 event: even without the Tier floor, its winner "
                    "would get %2 points, at least what a %1 winner is guaranteed.")
                     .arg(payouttext::tier(*t.meetsHigherTierFloor),
                          payouttext::points(t.unflooredWinnerPoints));
    }
    const int depthThreshold = t.format == engine::EventFormat::Doubles ? m_parameters.depthThresholdDoubles
                                                                        : m_parameters.depthThresholdSingles;
    if (t.fieldSize < depthThreshold && t.fieldDepthIndex > 0.0) {
        // DECISIONS P6: a real field this small has FDI 0.
        lines << (t.format == engine::EventFormat::Doubles
                      ? tr("A real field of fewer than %1 teams has FDI 0.")
                      : tr("A real field of fewer than %1 players has FDI 0."))
                     .arg(depthThreshold);
    }
    m_readout->setText(lines.join(QLatin1Char('\n')));
    Q_EMIT tableChanged();
}

} // namespace flickdesk::ui
