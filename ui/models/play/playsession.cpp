#include "models/play/playsession.h"

#include "core/play/playresults.h"
#include "core/records/monthlock.h"
#include "core/store/store.h"
#include "core/store/storeerror.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/storewatcher.h"

#include <QUndoCommand>
#include <QUndoStack>
#include <algorithm>
#include <functional>
#include <map>

namespace flickdesk::ui {

namespace play = engine::play;

core::PlayRatings playRatings(const EventSession& session)
{
    const core::MonthLockRatings& lock = session.lockedRatings();
    core::PlayRatings ratings;
    for (const core::Entrant& entrant : session.entrants()->entrants()) {
        if (!entrant.began() || entrant.players.empty())
            continue;
        double sum = 0;
        for (const core::PlayerRecord& player : entrant.players)
            sum += lock.muOf(player.id);
        ratings[entrant.number] = sum / static_cast<double>(entrant.players.size());
    }
    return ratings;
}

namespace {

// The store names a game by its key ("Game s0.g1.r2.m3.n0 has a score already"): the director's
// words instead ("Group B, round 3, board 2 (Ann Lee v Bo Chan) has a score already").
QString keyInWords(QString message, const play::GameKey& key, const QString& words)
{
    const QString text = QString::fromStdString(play::gameKeyText(key));
    return message.replace(PlaySession::tr("Game %1").arg(text), words).replace(text, words);
}

// One score entered, corrected or cleared, as one undo step on the event's stack. The first write is
// made before the push (a refused score never reaches the stack); undo puts back the score before.
class ScoreCommand : public QUndoCommand {
public:
    ScoreCommand(EventSession& session, play::GameKey key, std::optional<play::Score> before,
                 std::optional<play::Score> after, const QString& text, const QString& where = {})
        : QUndoCommand(text)
        , m_session(&session)
        , m_key(key)
        , m_before(before)
        , m_after(after)
        , m_where(where)
    {
    }
    void redo() override
    {
        if (m_first) {
            m_first = false;
            return;
        }
        write(m_before, m_after);
    }
    void undo() override { write(m_after, m_before); }

private:
    void write(const std::optional<play::Score>& from, const std::optional<play::Score>& to)
    {
        if (!m_session)
            return;
        core::Store& store = m_session->store();
        const QString eventId = m_session->eventId();
        try {
            if (!to)
                store.clearScore(eventId, m_key);
            else if (from)
                store.correctScore(eventId, playRatings(*m_session), m_key, *to);
            else
                store.recordScore(eventId, playRatings(*m_session), m_key, *to);
        } catch (const core::StoreError& error) {
            m_session->commandFailed(text(), m_where.isEmpty() ? error.message()
                                                               : keyInWords(error.message(), m_key, m_where));
        }
    }

    QPointer<EventSession> m_session;
    play::GameKey m_key;
    std::optional<play::Score> m_before;
    std::optional<play::Score> m_after;
    QString m_where; // the game in words
    bool m_first = true;
};

// A shoot-out order recorded, as one undo step: undo puts back the order before (none: removed).
class ShootOutCommand : public QUndoCommand {
public:
    ShootOutCommand(EventSession& session, play::ShootOutOrder before, play::ShootOutOrder after,
                    const QString& text)
        : QUndoCommand(text)
        , m_session(&session)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void redo() override
    {
        if (m_first) {
            m_first = false;
            return;
        }
        write(m_after);
    }
    void undo() override { write(m_before); }

private:
    void write(const play::ShootOutOrder& order)
    {
        if (!m_session)
            return;
        try {
            m_session->store().setShootOut(m_session->eventId(), order);
        } catch (const core::StoreError& error) {
            m_session->commandFailed(text(), error.message());
        }
    }

    QPointer<EventSession> m_session;
    play::ShootOutOrder m_before;
    play::ShootOutOrder m_after;
    bool m_first = true;
};

// A stage started, or taken back to a preview, as one undo step: undo does the other (issue 28
// item 5). The store refuses to take a start back once the stage has a score.
class StageStartCommand : public QUndoCommand {
public:
    StageStartCommand(EventSession& session, int stage, bool start, const QString& text)
        : QUndoCommand(text)
        , m_session(&session)
        , m_stage(stage)
        , m_start(start)
    {
    }
    void redo() override
    {
        if (m_first) {
            m_first = false;
            return;
        }
        write(m_start);
    }
    void undo() override { write(!m_start); }

private:
    void write(bool start)
    {
        if (!m_session)
            return;
        try {
            if (start)
                m_session->store().startPlayStage(m_session->eventId(), playRatings(*m_session), m_stage);
            else
                m_session->store().undoPlayStageStart(m_session->eventId(), m_stage);
        } catch (const core::StoreError& error) {
            m_session->commandFailed(text(), error.message());
        }
    }

    QPointer<EventSession> m_session;
    int m_stage = 0;
    bool m_start = true;
    bool m_first = true;
};

// The first stage's seeding and groups changed, as one undo step: undo puts back those before
// (DECISIONS G4: snake or random again when the first move is undone).
class SeedingCommand : public QUndoCommand {
public:
    using Groups = std::vector<std::vector<play::UnitId>>;
    SeedingCommand(EventSession& session, play::Seeding beforeSeeding, Groups beforeGroups,
                   play::Seeding afterSeeding, Groups afterGroups, const QString& text)
        : QUndoCommand(text)
        , m_session(&session)
        , m_beforeSeeding(beforeSeeding)
        , m_before(std::move(beforeGroups))
        , m_afterSeeding(afterSeeding)
        , m_after(std::move(afterGroups))
    {
    }
    void redo() override
    {
        if (m_first) {
            m_first = false;
            return;
        }
        write(m_afterSeeding, m_after);
    }
    void undo() override { write(m_beforeSeeding, m_before); }

private:
    void write(play::Seeding seeding, const Groups& groups)
    {
        if (!m_session)
            return;
        try {
            m_session->store().setPlayFirstSeeding(m_session->eventId(), seeding, groups);
        } catch (const core::StoreError& error) {
            m_session->commandFailed(text(), error.message());
        }
    }

    QPointer<EventSession> m_session;
    play::Seeding m_beforeSeeding;
    Groups m_before;
    play::Seeding m_afterSeeding;
    Groups m_after;
    bool m_first = true;
};

} // namespace

PlaySession::PlaySession(EventSession& session, QObject* parent)
    : QObject(parent)
    , m_session(&session)
    , m_watcher(new StoreWatcher(session.store(), this))
{
    connect(m_watcher, &StoreWatcher::changed, this, [this](const core::StoreChange& change) {
        if (m_session &&
            change.touchesEvent(m_session->eventId(), core::StoreChange::Play | core::StoreChange::Entrants))
            reload();
    });
    // DECISIONS G4: the seeding follows the month's lock once it arrives.
    connect(&session, &EventSession::lockedRatingsChanged, this, &PlaySession::reload);
    reload();
}

void PlaySession::reload()
{
    m_input.reset();
    m_state = {};
    if (!m_session)
        return;
    core::Store& store = m_session->store();
    try {
        if (store.playSetup(m_session->eventId())) {
            m_input = store.playInput(m_session->eventId(), playRatings(*m_session));
            m_state = play::computePlay(*m_input);
        }
    } catch (const core::StoreError& error) {
        m_input.reset();
        m_state = {};
        fail(error.message());
    }
    Q_EMIT changed();
}

QString PlaySession::unitName(const play::UnitId& unit) const
{
    if (m_input) {
        for (const play::PlayUnit& each : m_input->units)
            if (each.id == unit)
                return QString::fromStdString(each.name.empty() ? each.id : each.name);
    }
    return QString::fromStdString(unit);
}

const play::StageSettings* PlaySession::settingsOf(const play::GameKey& key) const
{
    if (!m_input || key.stage < 0 || key.stage >= static_cast<int>(m_input->format.stages.size()))
        return nullptr;
    return &m_input->format.stages[static_cast<std::size_t>(key.stage)].settings;
}

bool PlaySession::isPlayoff(const play::GameKey& key) const
{
    return m_input && key.stage >= 0 && key.stage < static_cast<int>(m_input->format.stages.size()) &&
           m_input->format.stages[static_cast<std::size_t>(key.stage)].kind == play::StageKind::Playoff;
}

std::vector<play::PlayUnit> PlaySession::units() const
{
    if (!m_session)
        return {};
    try {
        return m_session->store().playUnits(m_session->eventId(), playRatings(*m_session));
    } catch (const core::StoreError&) {
        return {};
    }
}

play::PlayState PlaySession::preview(const play::Format& format) const
{
    play::PlayInput input;
    input.format = format;
    input.units = units();
    input.seed = seed();
    return play::computePlay(input);
}

std::uint64_t PlaySession::seed() const
{
    // FNV-1a of the event's id: the same event draws the same way on every desk.
    std::uint64_t hash = 14695981039346656037ull;
    if (m_session) {
        for (const char byte : m_session->eventId().toUtf8()) {
            hash ^= static_cast<unsigned char>(byte);
            hash *= 1099511628211ull;
        }
    }
    return hash;
}

bool PlaySession::fail(const QString& message)
{
    m_lastError = message;
    Q_EMIT errorOccurred(message);
    return false;
}

bool PlaySession::start(const play::Format& format)
{
    if (!m_session)
        return false;
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    // DECISIONS G4: the groups are seeded on the month's lock; started before it is ready, the draw
    // would change under the scores when it arrives.
    if (m_session->isComputingRatings())
        return fail(tr("The month's ratings are still being computed, and the groups are seeded on "
                       "them. Start once they are ready."));
    try {
        m_session->store().setPlayFormat(m_session->eventId(), format, seed());
    } catch (const core::StoreError& error) {
        return fail(error.message());
    }
    reload();
    return true;
}

bool PlaySession::enterScore(const play::GameKey& key, const QString& text)
{
    if (!m_session || !m_input)
        return fail(tr("Start the play first."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    const std::optional<play::Score> score = play::parseScore(text.simplified().toStdString());
    if (!score)
        return fail(tr("Type the score as four numbers: points of side A, points of side B, 20s of "
                       "side A, 20s of side B (for example 6 2 3 1)."));
    const play::PlayGame* game = m_state.game(key);
    if (!game)
        return fail(tr("That game is not in the draw."));
    const std::optional<play::Score> before =
        game->state == play::GameState::Scored ? std::optional<play::Score>(game->score) : std::nullopt;
    const QString description = tr("Score %1 on board %2 (%3 v %4)")
                                    .arg(QString::fromStdString(play::scoreText(*score)))
                                    .arg(game->board)
                                    .arg(unitName(game->a), unitName(game->b));
    // The engine's words first (the store checks again, and says the same with the game's key).
    if (const std::optional<std::string> problem = play::entryProblem(*m_input, m_state, key, *score))
        return fail(tr("%1 Nothing was stored.").arg(QString::fromStdString(*problem)));
    try {
        const core::PlayRatings ratings = playRatings(*m_session);
        if (before)
            m_session->store().correctScore(m_session->eventId(), ratings, key, *score);
        else
            m_session->store().recordScore(m_session->eventId(), ratings, key, *score);
    } catch (const core::StoreError& error) {
        return fail(keyInWords(error.message(), key, gameInWords(key)));
    }
    m_session->undoStack()->push(
        new ScoreCommand(*m_session, key, before, *score, description, gameInWords(key)));
    return true;
}

bool PlaySession::setShootOut(const play::ShootOutOrder& order)
{
    if (!m_session)
        return false;
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    play::ShootOutOrder before{order.stage, order.group, {}};
    if (m_input) {
        for (const play::ShootOutOrder& earlier : m_input->shootOuts)
            if (earlier.stage == order.stage && earlier.group == order.group)
                before = earlier;
    }
    try {
        m_session->store().setShootOut(m_session->eventId(), order);
    } catch (const core::StoreError& error) {
        return fail(error.message());
    }
    QStringList names;
    for (const play::UnitId& unit : order.order)
        names.append(unitName(unit));
    m_session->undoStack()->push(
        new ShootOutCommand(*m_session, before, order, tr("Shoot-out order %1").arg(names.join(tr(", ")))));
    return true;
}

bool PlaySession::placesInResults() const
{
    if (!m_session || !m_state.placesFinal)
        return false;
    std::map<int, int> stored;
    try {
        for (const core::Placing& placing : m_session->store().standings(m_session->eventId()))
            stored[placing.unit] = placing.place;
    } catch (const core::StoreError&) {
        return false;
    }
    if (stored.size() != m_state.places.size())
        return false;
    for (const play::Place& place : m_state.places) {
        const auto it = stored.find(std::stoi(place.unit));
        if (it == stored.end() || it->second != place.place)
            return false;
    }
    return true;
}

namespace {

// An edit of what the desk recorded besides the scores (a withdrawal, a place set by hand) as one
// undo step on the event's stack: `write(true)` writes the value after, `write(false)` the one before.
// The first write is made before the push (a refused edit never reaches the stack).
class PlayEditCommand : public QUndoCommand {
public:
    PlayEditCommand(EventSession& session, std::function<void(core::Store&, bool)> write, const QString& text)
        : QUndoCommand(text)
        , m_session(&session)
        , m_write(std::move(write))
    {
    }
    void redo() override
    {
        if (m_first) {
            m_first = false;
            return;
        }
        run(true);
    }
    void undo() override { run(false); }

private:
    void run(bool after)
    {
        if (!m_session)
            return;
        try {
            m_write(m_session->store(), after);
        } catch (const core::StoreError& error) {
            m_session->commandFailed(text(), error.message());
        }
    }

    QPointer<EventSession> m_session;
    std::function<void(core::Store&, bool)> m_write;
    bool m_first = true;
};

} // namespace

bool PlaySession::pushEdit(std::function<void(core::Store&, bool)> write, const QString& text)
{
    // Written first: a refused edit says why and never reaches the undo stack.
    try {
        write(m_session->store(), true);
    } catch (const core::StoreError& error) {
        return fail(error.message());
    }
    m_session->undoStack()->push(new PlayEditCommand(*m_session, std::move(write), text));
    return true;
}

bool PlaySession::usePlaces(bool rateFromGames)
{
    if (!m_session || !m_state.placesFinal)
        return fail(tr("The places are final once every game is scored and every tie broken."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    std::vector<core::Placing> listed;
    for (const play::Place& place : m_state.places)
        listed.push_back({std::stoi(place.unit), place.place});
    std::vector<core::GameRecord> games;
    std::vector<core::GameRecord> stored;
    try {
        const std::optional<core::EventRecord> event = m_session->store().event(m_session->eventId());
        if (!event)
            return fail(tr("The event is no longer in the database."));
        stored = event->games;
        // DECISIONS G8, N3: rated from its games, or from its places (the default), never both.
        if (rateFromGames)
            games = core::playGameRecords(event->units, m_state);
    } catch (const core::StoreError& error) {
        return fail(error.message());
    }
    const QString description =
        rateFromGames ? tr("Places and games from the play") : tr("Places from the play");
    if (games == stored) {
        if (!m_session->setStandings(listed, description))
            return fail(m_session->lastError());
        return true;
    }
    // The places and the games as one undo step.
    QUndoStack* stack = m_session->undoStack();
    stack->beginMacro(description);
    const bool written = m_session->setStandings(listed, description) && m_session->setGames(games);
    stack->endMacro();
    if (!written) {
        const QString error = m_session->lastError();
        stack->undo(); // what the macro wrote of it
        return fail(error);
    }
    return true;
}

bool PlaySession::resultsAreThePlay(bool rateFromGames) const
{
    if (!placesInResults())
        return false;
    try {
        const std::optional<core::EventRecord> event = m_session->store().event(m_session->eventId());
        if (!event)
            return false;
        if (!rateFromGames)
            return event->games.empty();
        return event->games == core::playGameRecords(event->units, m_state);
    } catch (const core::StoreError&) {
        return false;
    }
}

int PlaySession::eventGameCount() const
{
    if (!m_session)
        return 0;
    try {
        const std::optional<core::EventRecord> event = m_session->store().event(m_session->eventId());
        return event ? static_cast<int>(event->games.size()) : 0;
    } catch (const core::StoreError&) {
        return 0;
    }
}

std::optional<play::Withdrawal> PlaySession::withdrawalOf(const play::UnitId& unit) const
{
    if (m_input)
        for (const play::Withdrawal& withdrawal : m_input->withdrawals)
            if (withdrawal.unit == unit)
                return withdrawal;
    return std::nullopt;
}

play::Withdrawal PlaySession::currentRoundOf(const play::UnitId& unit) const
{
    play::Withdrawal from{unit, 0, 0};
    if (m_state.stages.empty())
        return from;
    const std::size_t stage =
        std::min<std::size_t>(static_cast<std::size_t>(m_state.currentStage), m_state.stages.size() - 1);
    from.stage = static_cast<int>(stage);
    std::optional<int> waiting;
    int last = -1;
    for (const play::PlayGroup& group : m_state.stages[stage].groups)
        for (const play::PlayGame& game : group.games) {
            if (game.a != unit && game.b != unit)
                continue;
            last = std::max(last, game.key.round);
            if (game.state == play::GameState::Waiting && (!waiting || game.key.round < *waiting))
                waiting = game.key.round;
        }
    from.round = waiting ? *waiting : last + 1;
    return from;
}

bool PlaySession::withdraw(const play::Withdrawal& withdrawal)
{
    if (!m_session || !m_input)
        return fail(tr("Start the play first."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    if (withdrawal.stage < 0 || withdrawal.stage >= static_cast<int>(m_input->format.stages.size()) ||
        withdrawal.round < 0)
        return fail(tr("Choose a round of the play to withdraw from."));
    const std::optional<play::Withdrawal> before = withdrawalOf(withdrawal.unit);
    const QString eventId = m_session->eventId();
    const play::Withdrawal after = withdrawal;
    return pushEdit(
        [eventId, before, after](core::Store& store, bool redo) {
            if (redo)
                store.setWithdrawal(eventId, after);
            else if (before)
                store.setWithdrawal(eventId, *before);
            else
                store.clearWithdrawal(eventId, after.unit);
        },
        tr("%1 withdraws").arg(unitName(withdrawal.unit)));
}

bool PlaySession::takeBackWithdrawal(const play::UnitId& unit)
{
    if (!m_session || !m_input)
        return fail(tr("Start the play first."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    const std::optional<play::Withdrawal> before = withdrawalOf(unit);
    if (!before)
        return fail(tr("%1 has not withdrawn.").arg(unitName(unit)));
    const QString eventId = m_session->eventId();
    return pushEdit(
        [eventId, before](core::Store& store, bool redo) {
            if (redo)
                store.clearWithdrawal(eventId, before->unit);
            else
                store.setWithdrawal(eventId, *before);
        },
        tr("%1's withdrawal taken back").arg(unitName(unit)));
}

std::optional<play::HandPlace> PlaySession::handPlaceOf(const play::UnitId& unit) const
{
    if (m_input)
        for (const play::HandPlace& place : m_input->handPlaces)
            if (place.unit == unit)
                return place;
    return std::nullopt;
}

bool PlaySession::setHandPlace(const play::HandPlace& place)
{
    if (!m_session || !m_input)
        return fail(tr("Start the play first."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    // DECISIONS G6: a place set by hand against the play needs its reason.
    play::HandPlace given = place;
    given.reason = QString::fromStdString(place.reason).simplified().toStdString();
    if (given.reason.empty())
        return fail(tr("Say why the place is set by hand: the reason is kept with the event's results."));
    const int units = static_cast<int>(m_input->units.size());
    if (given.place < 1 || given.place > units)
        return fail(tr("A place is from 1 to %1.").arg(units));
    for (const play::HandPlace& other : m_input->handPlaces)
        if (other.unit != given.unit && other.place == given.place)
            return fail(tr("Place %1 is set by hand for %2 already: clear that first.")
                            .arg(given.place)
                            .arg(unitName(other.unit)));
    const std::optional<play::HandPlace> before = handPlaceOf(given.unit);
    const QString eventId = m_session->eventId();
    return pushEdit(
        [eventId, before, given](core::Store& store, bool redo) {
            if (redo)
                store.setHandPlace(eventId, given);
            else if (before)
                store.setHandPlace(eventId, *before);
            else
                store.clearHandPlace(eventId, given.unit);
        },
        tr("Place %1 for %2 by hand").arg(given.place).arg(unitName(given.unit)));
}

bool PlaySession::clearHandPlace(const play::UnitId& unit)
{
    if (!m_session || !m_input)
        return fail(tr("Start the play first."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    const std::optional<play::HandPlace> before = handPlaceOf(unit);
    if (!before)
        return fail(tr("%1 has no place set by hand.").arg(unitName(unit)));
    const QString eventId = m_session->eventId();
    return pushEdit(
        [eventId, before](core::Store& store, bool redo) {
            if (redo)
                store.clearHandPlace(eventId, before->unit);
            else
                store.setHandPlace(eventId, *before);
        },
        tr("%1's place from the play again").arg(unitName(unit)));
}

QString PlaySession::gameInWords(const play::GameKey& key) const
{
    const play::PlayGame* game = m_state.game(key);
    const play::PlayGroup* group = nullptr;
    if (key.stage >= 0 && key.stage < static_cast<int>(m_state.stages.size())) {
        const play::PlayStage& stage = m_state.stages[static_cast<std::size_t>(key.stage)];
        if (key.group >= 0 && key.group < static_cast<int>(stage.groups.size()))
            group = &stage.groups[static_cast<std::size_t>(key.group)];
    }
    if (!game || !group)
        return tr("stage %1, round %2").arg(key.stage + 1).arg(key.round + 1);
    QString where = isPlayoff(key)
                        ? tr("%1, round %2, game %3")
                              .arg(QString::fromStdString(group->name))
                              .arg(key.round + 1)
                              .arg(key.game + 1)
                        : tr("%1, round %2").arg(QString::fromStdString(group->name)).arg(key.round + 1);
    if (game->board > 0)
        where = tr("%1, board %2").arg(where).arg(game->board);
    return game->b.empty() ? tr("%1 (%2)").arg(where, unitName(game->a))
                           : tr("%1 (%2 v %3)").arg(where, unitName(game->a), unitName(game->b));
}

int PlaySession::lastStartedStage() const
{
    if (!m_input || m_input->stagesStarted < 2)
        return 0;
    return m_input->stagesStarted - 1;
}

QString PlaySession::stageName(int stage) const
{
    if (m_input && stage >= 0 && stage < static_cast<int>(m_input->format.stages.size()))
        return QString::fromStdString(m_input->format.stages[static_cast<std::size_t>(stage)].name);
    return tr("stage %1").arg(stage + 1);
}

bool PlaySession::startStage()
{
    if (!m_session || !m_input)
        return fail(tr("Start the play first."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    const int stage = m_state.awaitingStart;
    if (stage < 1)
        return fail(tr("No stage is waiting to start: the one before is not complete yet."));
    try {
        m_session->store().startPlayStage(m_session->eventId(), playRatings(*m_session), stage);
    } catch (const core::StoreError& error) {
        return fail(error.message());
    }
    m_session->undoStack()->push(
        new StageStartCommand(*m_session, stage, true, tr("Start %1").arg(stageName(stage))));
    return true;
}

bool PlaySession::takeBackStart()
{
    if (!m_session || !m_input)
        return fail(tr("Start the play first."));
    if (!m_session->isEditable())
        return fail(tr("This event can no longer be changed."));
    const int stage = lastStartedStage();
    if (stage < 1)
        return fail(tr("Only the first stage has started: there is no advancement to take back."));
    try {
        m_session->store().undoPlayStageStart(m_session->eventId(), stage);
    } catch (const core::StoreError& error) {
        return fail(error.message());
    }
    m_session->undoStack()->push(new StageStartCommand(
        *m_session, stage, false, tr("Take back the start of %1").arg(stageName(stage))));
    return true;
}

bool PlaySession::canMoveUnits(QString* why) const
{
    const auto no = [why](const QString& text) {
        if (why)
            *why = text;
        return false;
    };
    if (!m_session || !m_input)
        return no(tr("Start the play first: the groups can then be changed until the first score."));
    if (!m_session->isEditable())
        return no(tr("This event can no longer be changed."));
    if (m_input->format.stages.empty() || m_input->format.stages.front().kind != play::StageKind::RoundRobin)
        return no(tr("The first stage draws its games from the whole field: it has no groups to change."));
    if (!m_input->scores.empty())
        return no(tr("The play has begun: the groups can be changed only before the first score."));
    if (m_state.stages.empty())
        return no(
            tr("The groups cannot be drawn: %1").arg(QString::fromStdString(m_state.problem.value_or(""))));
    return true;
}

bool PlaySession::moveUnit(const play::UnitId& unit, int group)
{
    QString why;
    if (!canMoveUnits(&why))
        return fail(why);
    std::vector<std::vector<play::UnitId>> groups;
    for (const play::PlayGroup& each : m_state.stages.front().groups)
        groups.push_back(each.units);
    if (group < 0 || group >= static_cast<int>(groups.size()))
        return fail(tr("There is no such group."));
    int from = -1;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const auto it = std::find(groups[g].begin(), groups[g].end(), unit);
        if (it != groups[g].end()) {
            from = static_cast<int>(g);
            groups[g].erase(it);
        }
    }
    if (from < 0)
        return fail(tr("%1 is not in the groups.").arg(unitName(unit)));
    const QString fromName =
        QString::fromStdString(m_state.stages.front().groups[static_cast<std::size_t>(from)].name);
    const QString toName =
        QString::fromStdString(m_state.stages.front().groups[static_cast<std::size_t>(group)].name);
    if (from == group)
        return fail(tr("%1 is in %2 already.").arg(unitName(unit), toName));
    // A group of one would play no game: said in words before the store refuses it.
    if (groups[static_cast<std::size_t>(from)].size() < 2)
        return fail(tr("%1 would be left with fewer than two players or teams: move someone into it first, "
                       "or move another player.")
                        .arg(fromName));
    groups[static_cast<std::size_t>(group)].push_back(unit);
    const play::Seeding before = m_input->format.stages.front().settings.seeding;
    std::vector<std::vector<play::UnitId>> beforeGroups;
    if (before == play::Seeding::Hand)
        beforeGroups = m_input->handGroups;
    try {
        m_session->store().setPlayFirstSeeding(m_session->eventId(), play::Seeding::Hand, groups);
    } catch (const core::StoreError& error) {
        return fail(error.message());
    }
    m_session->undoStack()->push(
        new SeedingCommand(*m_session, before, beforeGroups, play::Seeding::Hand, groups,
                           tr("Move %1 from %2 to %3").arg(unitName(unit), fromName, toName)));
    return true;
}

} // namespace flickdesk::ui
