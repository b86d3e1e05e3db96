#pragma once

// A player's own data after they were added (issue 14): a misspelt name, a new location, the
// association's id for a local player ("L7KQX-3" becomes "1748" when the NCA assigns one), or the
// merge of a local player into the player they turned out to be. The dialog only collects and
// checks; the caller writes (EventSession::editPlayer / mergePlayer on the event day, undoable; the
// store itself from the Ratings tab).

#include "core/records/playerrecords.h"
#include "core/store/storefwd.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace flickdesk::ui {

class PlayerDialog : public QDialog {
    Q_OBJECT

public:
    // `playerIds`: the player to edit, or a doubles team's two (a chooser picks one).
    PlayerDialog(core::PlayerStore& store, const QStringList& playerIds, QWidget* parent = nullptr);

    QString playerId() const; // the player being edited
    QString name() const;
    QString location() const;
    QString newId() const;     // empty when the id stays
    QString mergeInto() const; // empty unless the player is to be merged

    QComboBox* playerChooser() const { return m_chooser; }
    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* locationEdit() const { return m_location; }
    QLineEdit* idEdit() const { return m_id; }
    QLineEdit* mergeEdit() const { return m_merge; }
    QLabel* problemLabel() const { return m_problem; }
    QLabel* mergeTargetLabel() const { return m_mergeTarget; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    void loadPlayer();
    void updateState();

    core::PlayerStore& m_store;
    core::PlayerRecord m_player;
    bool m_idChangeable = false;
    QComboBox* m_chooser = nullptr;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_location = nullptr;
    QLineEdit* m_id = nullptr;
    QLabel* m_idNote = nullptr;
    QLineEdit* m_merge = nullptr;
    QLabel* m_mergeTarget = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace flickdesk::ui
