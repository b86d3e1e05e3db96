#pragma once

// The payout simulator (spec 000: "an interactive illustration of the curve under different FSI,
// FDI, field-size and decay values"): the preview's chart and table driven by sliders instead of a
// field, so that a director can answer "what if ten more players come?" at the desk.

#include "flickdesk/engine/points.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
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

Q_SIGNALS:
    void tableChanged();

private:
    void recompute();
    void showFieldStrength();
    void showFieldDepth();
    void showExperimentalCap();

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
};

} // namespace flickdesk::ui
