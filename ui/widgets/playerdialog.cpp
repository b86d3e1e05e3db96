#include "widgets/playerdialog.h"

#include "core/records/identifiers.h"
#include "core/store/playerstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace flickdesk::ui {

PlayerDialog::PlayerDialog(core::PlayerStore& store, const QStringList& playerIds, QWidget* parent)
    : QDialog(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("playerDialog"));
    setWindowTitle(tr("Player"));

    m_chooser = new QComboBox(this);
    m_chooser->setObjectName(QStringLiteral("playerChooser"));
    for (const core::PlayerRecord& player : store.players(playerIds))
        m_chooser->addItem(player.name.isEmpty() ? player.id : tr("%1 (%2)").arg(player.name, player.id),
                           player.id);
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("playerName"));
    m_name->setMaxLength(core::textLongest);
    m_location = new QLineEdit(this);
    m_location->setObjectName(QStringLiteral("playerLocation"));
    m_location->setMaxLength(core::textLongest);
    m_location->setPlaceholderText(tr("e.g. Tavistock, ON"));
    m_id = new QLineEdit(this);
    m_id->setObjectName(QStringLiteral("playerIdEdit"));
    m_id->setMaxLength(core::idLongest);
    m_idNote = new QLabel(this);
    m_idNote->setObjectName(QStringLiteral("playerIdNote"));
    m_idNote->setWordWrap(true);
    m_merge = new QLineEdit(this);
    m_merge->setObjectName(QStringLiteral("mergeIntoEdit"));
    m_merge->setPlaceholderText(tr("the id of the player this one really is"));
    m_mergeTarget = new QLabel(this);
    m_mergeTarget->setObjectName(QStringLiteral("mergeTarget"));
    m_mergeTarget->setWordWrap(true);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("playerProblem"));
    m_problem->setWordWrap(true);

    auto* form = new QFormLayout;
    if (m_chooser->count() > 1)
        form->addRow(tr("&Player:"), m_chooser);
    else
        m_chooser->hide();
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Location:"), m_location);
    form->addRow(tr("&Id:"), m_id);
    form->addRow(QString(), m_idNote);
    form->addRow(tr("&Merge into:"), m_merge);
    form->addRow(QString(), m_mergeTarget);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_chooser, &QComboBox::currentIndexChanged, this, &PlayerDialog::loadPlayer);
    for (QLineEdit* edit : {m_name, m_location, m_id, m_merge})
        connect(edit, &QLineEdit::textChanged, this, &PlayerDialog::updateState);
    loadPlayer();
    setMinimumWidth(460);
}

QString PlayerDialog::playerId() const
{
    return m_player.id;
}

QString PlayerDialog::name() const
{
    return m_name->text().trimmed();
}

QString PlayerDialog::location() const
{
    return m_location->text().trimmed();
}

QString PlayerDialog::newId() const
{
    const QString id = m_id->text().trimmed();
    return m_idChangeable && id != m_player.id ? id : QString();
}

QString PlayerDialog::mergeInto() const
{
    return m_idChangeable ? m_merge->text().trimmed() : QString();
}

void PlayerDialog::loadPlayer()
{
    const QString id = m_chooser->currentData().toString();
    m_player = m_store.player(id).value_or(core::PlayerRecord{id, {}, {}, {}});
    m_name->setText(m_player.name);
    m_location->setText(m_player.location);
    m_id->setText(m_player.id);
    m_merge->clear();
    // DECISIONS D1: only a local id gives way to the association's. DECISIONS D1a: before and after
    // an award; the awards keep their points under the new id.
    m_idChangeable = core::PlayerStore::isLocalPlayerId(m_player.id);
    m_id->setEnabled(m_idChangeable);
    m_merge->setEnabled(m_idChangeable);
    if (!m_idChangeable) {
        m_idNote->setText(tr("This is the association's id: it stays."));
        m_merge->setToolTip(tr("Only a player with a local id is merged into another."));
    } else {
        m_idNote->setText(tr("A local id: enter the association's id when it assigns one, or merge this "
                             "player into the one they really are. Every entry, game and award moves "
                             "with it; no points change."));
        m_merge->setToolTip(QString());
    }
    m_idNote->setToolTip(tr("DECISIONS D1: a player is an id; local ids are L, the desk tag and a number. "
                            "DECISIONS D1a: an id is corrected before and after an award; P2 freezes "
                            "the points, not the spelling of the id."));
    updateState();
}

void PlayerDialog::updateState()
{
    const bool merging = !mergeInto().isEmpty();
    m_name->setEnabled(!merging);
    m_location->setEnabled(!merging);
    m_id->setEnabled(m_idChangeable && !merging);
    QString problem;
    QString target;
    if (merging) {
        const std::optional<core::PlayerRecord> into = m_store.player(mergeInto());
        if (mergeInto() == m_player.id)
            problem = tr("A player cannot be merged into themselves.");
        else if (!into)
            problem = tr("There is no player %1.").arg(core::printableId(mergeInto()));
        else
            target = tr("%1 goes; every entry, game and award of %1 moves to %2 (%3); no points "
                        "change.")
                         .arg(m_player.id, into->id, into->name.isEmpty() ? tr("no name") : into->name);
    } else if (name().isEmpty()) {
        problem = tr("A player needs a name.");
    } else if (const QString text = core::textProblem(name()); !text.isEmpty()) {
        problem = tr("The name %1.").arg(text);
    } else if (const QString text = core::textProblem(location()); !text.isEmpty()) {
        problem = tr("The location %1.").arg(text);
    } else if (!newId().isEmpty()) {
        if (const QString text = core::idProblem(newId()); !text.isEmpty())
            problem = tr("The id '%1' %2.").arg(core::printableId(newId()), text);
        else if (const std::optional<core::PlayerRecord> other = m_store.player(newId()))
            problem = tr("There is a player %1 already (%2): merge into that player instead.")
                          .arg(other->id, other->name.isEmpty() ? tr("no name") : other->name);
    }
    m_mergeTarget->setText(target);
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace flickdesk::ui
