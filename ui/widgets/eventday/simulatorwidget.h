#pragma once

// The payout simulator (spec 000: "an interactive illustration of the curve under different FSI,
// FDI, field-size and decay values"): the preview's chart and table driven by sliders instead of a
// field, so that a director can answer "what if ten more players come?" at the desk.

#include "flickdesk/engine/points.h"

#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableView;

namespace flickdesk::ui {

class PayoutChart;
class PayoutTableModel;

class SimulatorWidget : public QWidget {
    Q_OBJECT

public:
    // The ranges of the controls. startFrom() widens FSI and N for a field beyond them.
    static constexpr double kMinimumFieldStrength = 0.4; // the lowest Tier floor (DECISIONS P4)
    static constexpr double kMaximumFieldStrength = 2.5;
    static constexpr int kMinimumFieldSize = 2;
    static constexpr int kMaximumFieldSize = 500;

    explicit SimulatorWidget(QWidget* parent = nullptr);

    // "Start from this event": FSI, FDI, N, format, Tier and any experimental cap of a real field.
    // The table shown is then the event's own, number for number.
    void startFrom(const engine::PayoutTable& table);
    // "Simulator from This Event": startFrom(table), and the event's field (the ratings of the
    // players, or teams, who began) kept so that hypothetical players can join it; the event's
    // curve as it stands is drawn beside the what-if curve.
    void startFromEvent(const QString& eventName, const engine::PayoutTable& table,
                        std::vector<double> unitRatings);
    // Back to sliders alone: no event field, no event curve, no hypothetical players.
    void clearEvent();
    bool hasEvent() const { return m_fromEvent; }
    QString eventName() const { return m_eventName; }

    // "What if 10 players rated about 3.5 arrive?": `count` players (teams in doubles) whose
    // ratings spread evenly around `rating` (their mean is `rating`), added to the event's field or,
    // without an event, to a field of their own; FSI, FDI and N follow from that field. Each call
    // adds one group that removeHypotheticalGroup() takes away again.
    void addHypotheticalPlayers(int count, double rating);
    void removeHypotheticalGroup(int index);
    int hypotheticalGroupCount() const { return static_cast<int>(m_groups.size()); }
    // The ratings a group of `count` about `rating` is given: evenly spread over rating +- 0.25.
    static std::vector<double> spreadRatings(int count, double rating);
    // The field the figures come from: the event's units, then every group's.
    std::vector<double> fieldRatings() const;

    // The inputs. FSI is the field's strength before the Tier floor: the Tier raises it to its
    // floor and an experimental cap limits it, as for a real event (DECISIONS P4).
    void setFieldStrength(double fieldStrength);
    void setFieldDepth(double fieldDepth);
    void setFieldSize(int fieldSize);
    void setFormat(engine::EventFormat format);
    void setTier(engine::Tier tier);
    void setExperimentalCap(std::optional<double> cap);

    double fieldStrength() const { return m_fieldStrength; }
    double fieldDepth() const { return m_fieldDepth; }
    int fieldSize() const;
    engine::EventFormat format() const;
    engine::Tier tier() const;
    std::optional<double> experimentalCap() const;
    // The decay of the current format: 1.7 singles, 2.3 doubles (DECISIONS P7).
    double decay() const;

    // What the simulator shows: a payout table as computePayoutTable would give for such a field.
    const engine::PayoutTable& table() const;
    PayoutTableModel* model() const { return m_model; }
    PayoutChart* chart() const { return m_chart; }
    QSpinBox* addCountSpin() const { return m_addCount; }
    QDoubleSpinBox* addRatingSpin() const { return m_addRating; }
    QPushButton* addButton() const { return m_addButton; }
    QListWidget* groupList() const { return m_groupList; }
    QPushButton* removeGroupButton() const { return m_removeGroup; }

Q_SIGNALS:
    void tableChanged();

private:
    void recompute();
    void showFieldStrength();
    void showFieldDepth();
    void showExperimentalCap();
    // FSI, FDI and N from fieldRatings(), when there is a field (an event's or hypothetical players').
    void applyField();
    void showGroups();

    engine::FieldWeightedPointsParameters m_parameters;
    // The exact inputs: the spin boxes show 3 decimals (DECISIONS P8), a real field has more.
    double m_fieldStrength = 1.0;
    double m_fieldDepth = 0.5;
    std::optional<double> m_experimentalCap;

    QSlider* m_strengthSlider = nullptr;
    QDoubleSpinBox* m_strengthSpin = nullptr;
    QSlider* m_depthSlider = nullptr;
    QDoubleSpinBox* m_depthSpin = nullptr;
    QSlider* m_sizeSlider = nullptr;
    QSpinBox* m_sizeSpin = nullptr;
    QComboBox* m_formatCombo = nullptr;
    QComboBox* m_tierCombo = nullptr;
    QCheckBox* m_capCheck = nullptr;
    QDoubleSpinBox* m_capSpin = nullptr;
    QLabel* m_readout = nullptr;
    PayoutTableModel* m_model = nullptr;
    PayoutChart* m_chart = nullptr;
    QTableView* m_tableView = nullptr;

    struct HypotheticalGroup {
        int count = 0;
        double rating = 0.0;
    };
    bool m_fromEvent = false;
    QString m_eventName;
    std::vector<double> m_eventRatings;
    std::vector<double> m_eventCurve;
    std::vector<HypotheticalGroup> m_groups;
    QSpinBox* m_addCount = nullptr;
    QDoubleSpinBox* m_addRating = nullptr;
    QPushButton* m_addButton = nullptr;
    QListWidget* m_groupList = nullptr;
    QPushButton* m_removeGroup = nullptr;
};

} // namespace flickdesk::ui
