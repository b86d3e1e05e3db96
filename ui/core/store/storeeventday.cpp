// The FlickDesk database (core/store/store.h): the event day. Events a director creates, their players,
// entrants, standings and games (their check and the award: core/awards/awarding.h).

#include "core/store/lockblob.h"
#include "core/store/storeprivate.h"

namespace flickdesk::core {

// ---------------------------------------------------------------------------------------------
// The event day: events a director creates, their players, entrants and results.

QStringList Entrant::playerIds() const
{
    QStringList ids;
    for (const PlayerRecord& player : players)
        ids.append(player.id);
    return ids;
}

EventDraft EventDraft::of(const EventRecord& event)
{
    EventDraft draft;
    draft.date = event.date;
    draft.name = event.name;
    draft.format = event.format;
    draft.tier = event.tier;
    draft.tour = event.tour;
    draft.group = event.group;
    draft.season = event.season;
    draft.location = event.location;
    draft.experimental = event.experimental;
    draft.experimentalCap = event.experimentalCap.value_or(engine::proposedExperimentalCap);
    return draft;
}
namespace {

// The next free local id of `table` (events or players): "L", the desk tag and "-" when given, and
// one more than the highest local number in it. Ids of the association's are plain numbers, so the
// two never meet (DECISIONS D1).
QString nextLocalId(sqlite::Database& db, const std::string& table, const QString& deskTag = {},
                    QChar letter = u'L')
{
    const QString prefix =
        deskTag.isEmpty() ? QString(letter) : QStringLiteral("%1%2-").arg(letter).arg(deskTag);
    std::int64_t highest = 0;
    sqlite::Statement select(db, "SELECT id FROM " + table + " WHERE id GLOB ? || '[0-9]*'");
    select.bind(1, prefix);
    while (select.step()) {
        bool ok = false;
        const qint64 number = select.text(0).mid(prefix.size()).toLongLong(&ok);
        if (ok)
            highest = std::max<std::int64_t>(highest, number);
    }
    sqlite::Statement exists(db, "SELECT 1 FROM " + table + " WHERE id = ?");
    for (std::int64_t number = highest + 1;; ++number) {
        const QString id = prefix + QString::number(number);
        exists.reset();
        exists.bind(1, id);
        if (!exists.step())
            return id;
    }
}

// The desk tag of the database, made and stored in the settings the first time a local id needs it
// (in the caller's transaction): four characters drawn at random from letters and digits that cannot
// be mistaken for one another (no 0/O, 1/I/L), so that the players and events two desks add get
// different ids (players "L7KQX-1" here, "LM4TC-1" there; events "E7KQX-1", "EM4TC-1") and an
// import never merges them.
QString localIdTag(sqlite::Database& db)
{
    sqlite::Statement select(db, "SELECT value FROM settings WHERE key = ?");
    select.bind(1, deskTagKey);
    if (select.step()) {
        const QString tag =
            QJsonDocument::fromJson("[" + select.text(0).toUtf8() + "]").array().first().toString();
        if (!tag.isEmpty())
            return tag;
    }
    static constexpr char alphabet[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    QString tag;
    for (int i = 0; i < 4; ++i)
        tag.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))]));
    sqlite::Statement insert(db, "INSERT INTO settings (key, value) VALUES (?, ?)");
    insert.bind(1, deskTagKey).bind(2, QStringLiteral("\"%1\"").arg(tag)).run();
    return tag;
}

// A draft as stored: the cap of an event that is not experimental is not kept.
EventDraft normalized(EventDraft draft)
{
    draft.name = draft.name.trimmed();
    draft.group = draft.group.trimmed();
    draft.season = draft.season.trimmed();
    draft.location = draft.location.trimmed();
    if (!draft.experimental)
        draft.experimentalCap = engine::proposedExperimentalCap;
    return draft;
}

void checkDraft(const EventDraft& draft)
{
    if (!engine::parseIsoDate(draft.date.toStdString()))
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(draft.date));
    if (draft.tier && (*draft.tier < 1 || *draft.tier > 3))
        refuse(tr("Tier %1 does not exist: an event is Tier 1, 2 or 3.").arg(*draft.tier));
    if (draft.experimental && !(std::isfinite(draft.experimentalCap) && draft.experimentalCap >= 0.0))
        // DECISIONS P4: the experimental format's cap.
        refuse(tr("The FSI cap of an experimental format must be a number of 0 or more."));
    // Checked as the submission file checks its text (core/formats/strictjson.h).
    if (const QString problem = textProblem(draft.location); !problem.isEmpty())
        refuse(tr("The location %1.").arg(problem));
}

QJsonObject draftJson(const EventDraft& draft)
{
    return QJsonObject{{QStringLiteral("date"), draft.date},
                       {QStringLiteral("name"), draft.name},
                       {QStringLiteral("format"), keyword(draft.format)},
                       {QStringLiteral("tier"), draft.tier ? QJsonValue(*draft.tier) : QJsonValue()},
                       {QStringLiteral("tour"), keyword(draft.tour)},
                       {QStringLiteral("group"), draft.group},
                       {QStringLiteral("season"), draft.season},
                       {QStringLiteral("location"), draft.location},
                       {QStringLiteral("experimental"), draft.experimental},
                       {QStringLiteral("experimental_cap"),
                        draft.experimental ? QJsonValue(draft.experimentalCap) : QJsonValue()}};
}

QJsonArray unitsJson(const std::vector<Entrant>& entrants)
{
    QJsonArray array;
    for (const Entrant& entrant : entrants)
        array.append(
            QJsonObject{{QStringLiteral("unit"), entrant.number},
                        {QStringLiteral("status"), keyword(entrant.status)},
                        {QStringLiteral("place"), entrant.place ? QJsonValue(*entrant.place) : QJsonValue()},
                        {QStringLiteral("players"), QJsonArray::fromStringList(entrant.playerIds())}});
    return array;
}

bool isRated(EventStatus status)
{
    return status == EventStatus::Finished || status == EventStatus::Awarded;
}

} // namespace

EventRecord Store::Private::requireEvent(const QString& eventId)
{
    sqlite::Statement select(db, "SELECT " + eventColumns() + " FROM events WHERE id = ?");
    select.bind(1, eventId);
    if (!select.step())
        refuse(tr("There is no event %1.").arg(eventId));
    return eventFromRow(select);
}

void Store::Private::eventChanged(const QString& eventId, EventStatus status, const QString& action,
                                  const QJsonObject& details)
{
    touched(eventDayChange(eventId, status, action, details));
    // Finished and awarded events are the rated history: every change to one is logged (P2).
    if (isRated(status)) {
        audit(action, eventId, details);
        historyChanged();
    }
}

void Store::Private::lastEventsChanged(const QStringList& playerIds)
{
    if (!eventDay.players)
        return;
    sqlite::Statement last(db, R"sql(
        SELECT e.id, e.name, e.date
        FROM entrant_players ep
        JOIN entrants u ON u.event_id = ep.event_id AND u.unit = ep.unit
        JOIN events e ON e.id = ep.event_id
        WHERE ep.player_id = ? AND u.status <> 'registered' ORDER BY e.date DESC, e.rowid DESC LIMIT 1)sql");
    for (const QString& id : playerIds) {
        const auto found = eventDay.playerIndex.find(id);
        if (found == eventDay.playerIndex.end())
            continue;
        PlayerMatch& match = (*eventDay.players)[found->second].match;
        last.reset();
        last.bind(1, id);
        const bool any = last.step();
        match.lastEventId = any ? last.text(0) : QString();
        match.lastEventName = any ? last.text(1) : QString();
        match.lastEventDate = any ? last.text(2) : QString();
    }
}

std::vector<Entrant> Store::Private::readEntrants(const QString& eventId, std::optional<int> onlyUnit)
{
    std::vector<Entrant> entrants;
    sqlite::Statement select(db, std::string("SELECT u.unit, u.status, s.place, ") +
                                     (hasListedColumn() ? "s.listed" : "NULL") + R"sql(
        FROM entrants u LEFT JOIN standings s ON s.event_id = u.event_id AND s.unit = u.unit
        WHERE u.event_id = ?1 AND (?2 IS NULL OR u.unit = ?2) ORDER BY u.unit)sql");
    select.bind(1, eventId).bind(2, onlyUnit);
    while (select.step()) {
        Entrant entrant;
        entrant.number = static_cast<int>(select.integer(0));
        entrant.status = entrantStatusFromKeyword(select.text(1)).value_or(EntrantStatus::Registered);
        if (const auto place = select.optionalInteger(2))
            entrant.place = static_cast<int>(*place);
        if (const auto listed = select.optionalInteger(3))
            entrant.listed = static_cast<int>(*listed);
        entrants.push_back(std::move(entrant));
    }
    sqlite::Statement players(db, R"sql(
        SELECT ep.unit, p.id, p.name, p.association_id, p.location
        FROM entrant_players ep JOIN players p ON p.id = ep.player_id
        WHERE ep.event_id = ?1 AND (?2 IS NULL OR ep.unit = ?2) ORDER BY ep.unit, ep.seat)sql");
    players.bind(1, eventId).bind(2, onlyUnit);
    auto next = entrants.begin();
    while (players.step()) {
        const int unit = static_cast<int>(players.integer(0));
        while (next != entrants.end() && next->number < unit)
            ++next;
        if (next == entrants.end() || next->number != unit)
            continue;
        next->players.push_back({players.text(1), players.text(2), players.text(3), players.text(4)});
    }
    return entrants;
}

void Store::Private::writeEntrant(const QString& eventId, const Entrant& entrant)
{
    sqlite::Statement unit(db, "INSERT INTO entrants (event_id, unit, status) VALUES (?, ?, ?)");
    unit.bind(1, eventId).bind(2, entrant.number).bind(3, keyword(entrant.status)).run();
    sqlite::Statement player(
        db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
    int seat = 0;
    for (const PlayerRecord& p : entrant.players) {
        player.reset();
        player.bind(1, eventId).bind(2, entrant.number).bind(3, ++seat).bind(4, p.id).run();
    }
    if (entrant.place) {
        if (hasListedColumn()) {
            sqlite::Statement standing(
                db, "INSERT INTO standings (event_id, unit, place, listed) VALUES (?, ?, ?, ?)");
            standing.bind(1, eventId)
                .bind(2, entrant.number)
                .bind(3, *entrant.place)
                .bind(4, entrant.listed)
                .run();
        } else {
            sqlite::Statement standing(db, "INSERT INTO standings (event_id, unit, place) VALUES (?, ?, ?)");
            standing.bind(1, eventId).bind(2, entrant.number).bind(3, *entrant.place).run();
        }
    }
}

QString EventDayStore::createEvent(const EventDraft& given)
{
    const EventDraft draft = normalized(given);
    checkDraft(draft);
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        EventRecord event;
        // The desk tag keeps two desks' new events apart, as it does their new players: "E7KQX-1" here
        // and "EM4TC-1" there, so each can import the other's submission file.
        event.id = nextLocalId(d->db, "events", localIdTag(d->db), u'E');
        event.date = draft.date;
        event.name = draft.name;
        event.format = draft.format;
        event.tier = draft.tier;
        event.tour = draft.tour;
        event.group = draft.group;
        event.season = draft.season;
        event.location = draft.location;
        event.experimental = draft.experimental;
        if (draft.experimental)
            event.experimentalCap = draft.experimentalCap;
        event.status = EventStatus::Planned;
        d->insertEventRow(event);
        d->touched(StoreChange::of(StoreChange::Event, event.id));
        transaction.commit();
        return event.id;
    });
}

void EventDayStore::updateEvent(const QString& eventId, const EventDraft& given)
{
    const EventDraft draft = normalized(given);
    checkDraft(draft);
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        const EventDraft before = normalized(EventDraft::of(event));
        if (before == draft)
            return;
        if (draft.format == engine::EventFormat::Singles && event.format == engine::EventFormat::Doubles) {
            sqlite::Statement teams(d->db,
                                    "SELECT unit FROM entrant_players WHERE event_id = ? AND seat = 2");
            teams.bind(1, eventId);
            if (teams.step())
                refuse(tr("Event %1 has doubles teams (team %2 is one); split them before making it a "
                          "singles event.")
                           .arg(eventId)
                           .arg(teams.integer(0)));
        }
        if (draft.format == engine::EventFormat::Doubles && event.format == engine::EventFormat::Singles) {
            // A doubles team is two players: a singles entrant who began would count in N as a team
            // of one (DECISIONS N2, P3), the trap the check-in refuses too.
            sqlite::Statement began(d->db, "SELECT unit FROM entrants WHERE event_id = ? AND status <> "
                                           "'registered' ORDER BY unit LIMIT 1");
            began.bind(1, eventId);
            if (began.step())
                refuse(tr("Event %1 has entrants checked in (entrant %2 is one); check them out before "
                          "making it a doubles event, then pair partners.")
                           .arg(eventId)
                           .arg(began.integer(0)));
        }
        // A file made at an older schema (tests make them) has no location column: ?10 stays unused.
        sqlite::Statement update(d->db, std::string(R"sql(
            UPDATE events SET date = ?1, name = ?2, format = ?3, tier = ?4, tour = ?5, "group" = ?6,
                              season = ?7, experimental = ?8, experimental_cap = ?9)sql") +
                                            (d->hasLocationColumn() ? ", location = ?10" : "") +
                                            " WHERE id = ?11");
        update.bind(1, draft.date)
            .bind(2, nonNull(draft.name))
            .bind(3, keyword(draft.format))
            .bind(4, draft.tier)
            .bind(5, keyword(draft.tour))
            .bind(6, nonNull(draft.group))
            .bind(7, nonNull(draft.season))
            .bind(8, draft.experimental ? 1 : 0)
            .bind(9, draft.experimental ? std::optional(draft.experimentalCap) : std::nullopt)
            .bind(10, draft.location.isEmpty() ? QString() : draft.location)
            .bind(11, eventId)
            .run();
        d->eventChanged(eventId, event.status, QStringLiteral("update-event"),
                        QJsonObject{{QStringLiteral("before"), draftJson(before)},
                                    {QStringLiteral("after"), draftJson(draft)}});
        transaction.commit();
        // The players' last event may be this one under its new name or date.
        if (d->eventDay.players && (draft.date != before.date || draft.name != before.name)) {
            QStringList players;
            for (const Entrant& entrant : d->readEntrants(eventId))
                players.append(entrant.playerIds());
            d->lastEventsChanged(players);
        }
    });
}

QString PlayerStore::addPlayer(const QString& name, const QString& location, const QString& associationId)
{
    const QString trimmedName = name.trimmed();
    const QString association = associationId.trimmed();
    if (trimmedName.isEmpty())
        refuse(tr("A new player needs a name."));
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        QString id = association;
        if (id.isEmpty()) {
            id = nextLocalId(d->db, "players", localIdTag(d->db));
        } else {
            sqlite::Statement exists(d->db, "SELECT name FROM players WHERE id = ?");
            exists.bind(1, id);
            if (exists.step())
                refuse(tr("There is a player %1 already (%2): enter that player instead.")
                           .arg(id, exists.text(0).isEmpty() ? tr("no name") : exists.text(0)));
        }
        sqlite::Statement insert(
            d->db, "INSERT INTO players (id, name, association_id, location) VALUES (?, ?, ?, ?)");
        insert.bind(1, id)
            .bind(2, trimmedName)
            .bind(3, association.isEmpty() ? QString() : association)
            .bind(4, location.trimmed().isEmpty() ? QString() : location.trimmed())
            .run();
        d->touched(StoreChange::of(StoreChange::Players));
        transaction.commit();
        if (d->eventDay.players) { // the search finds the new player at once
            EventDayCache::IndexedPlayer player;
            player.match.id = id;
            player.match.name = trimmedName;
            player.match.location = location.trimmed();
            player.match.associationId = association;
            player.id = id.toCaseFolded();
            player.associationId = association.toCaseFolded();
            player.name = trimmedName.toCaseFolded();
            d->eventDay.playerIndex.emplace(id, d->eventDay.players->size());
            d->eventDay.players->push_back(std::move(player));
        }
        return id;
    });
}

void PlayerStore::restorePlayer(const PlayerRecord& player)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement exists(d->db, "SELECT 1 FROM players WHERE id = ?");
        exists.bind(1, player.id);
        if (exists.step())
            refuse(tr("There is a player %1 already.").arg(player.id));
        d->insertPlayers({player});
        d->touched(StoreChange::of(StoreChange::Players));
        transaction.commit();
    });
}

void PlayerStore::removePlayer(const QString& playerId)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement used(d->db, R"sql(
            SELECT EXISTS (SELECT 1 FROM entrant_players WHERE player_id = ?1)
                OR EXISTS (SELECT 1 FROM award_ratings WHERE player_id = ?1)
                OR EXISTS (SELECT 1 FROM awards WHERE player_id = ?1))sql");
        used.bind(1, playerId);
        // A lock names its players in its blob (core/store/lockblob.h), where no key can see them.
        if ((used.step() && used.integer(0) != 0) ||
            !lockblob::locksNaming(d->db, d->schemaVersion, playerId).empty())
            refuse(tr("Player %1 has entries, ratings or awards, and stays.").arg(playerId));
        sqlite::Statement remove(d->db, "DELETE FROM players WHERE id = ?");
        remove.bind(1, playerId).run();
        if (d->db.changes() == 0)
            refuse(tr("There is no player %1.").arg(playerId));
        d->touched(StoreChange::of(StoreChange::Players));
        transaction.commit();
        d->eventDay.players.reset();
    });
}

std::vector<PlayerMatch> PlayerStore::searchPlayers(const QString& text, int limit)
{
    const QString query = text.trimmed().toCaseFolded();
    if (query.isEmpty() || limit <= 0)
        return {};
    return d->guarded([&] {
        if (!d->eventDay.players) {
            std::vector<EventDayCache::IndexedPlayer> players;
            std::unordered_map<QString, std::size_t>& byId = d->eventDay.playerIndex;
            byId.clear();
            sqlite::Statement select(d->db, "SELECT id, name, location, association_id FROM players");
            while (select.step()) {
                EventDayCache::IndexedPlayer player;
                player.match.id = select.text(0);
                player.match.name = select.text(1);
                player.match.location = select.text(2);
                player.match.associationId = select.text(3);
                player.id = player.match.id.toCaseFolded();
                player.associationId = player.match.associationId.toCaseFolded();
                player.name = player.match.name.toCaseFolded();
                byId.emplace(player.match.id, players.size());
                players.push_back(std::move(player));
            }
            // The latest event each player began: the last row of each wins.
            sqlite::Statement last(d->db, R"sql(
                SELECT ep.player_id, e.id, e.name, e.date
                FROM entrant_players ep
                JOIN entrants u ON u.event_id = ep.event_id AND u.unit = ep.unit
                JOIN events e ON e.id = ep.event_id
                WHERE u.status <> 'registered' ORDER BY e.date, e.rowid)sql");
            while (last.step()) {
                if (const auto found = byId.find(last.text(0)); found != byId.end()) {
                    PlayerMatch& match = players[found->second].match;
                    match.lastEventId = last.text(1);
                    match.lastEventName = last.text(2);
                    match.lastEventDate = last.text(3);
                }
            }
            d->eventDay.players = std::move(players);
        }
        struct Found {
            int rank;
            const EventDayCache::IndexedPlayer* player;
        };
        // "te ja" finds Tessa Jarvis: each piece typed begins a word of the name, in order.
        const QStringList pieces = query.split(u' ', Qt::SkipEmptyParts);
        const auto piecesBeginWords = [&pieces](const QString& name) {
            if (pieces.size() < 2)
                return false;
            qsizetype piece = 0;
            for (qsizetype at = 0; at < name.size() && piece < pieces.size(); ++at) {
                const bool wordStarts =
                    name.at(at).isLetterOrNumber() && (at == 0 || !name.at(at - 1).isLetterOrNumber());
                if (wordStarts && QStringView(name).mid(at).startsWith(pieces[piece]))
                    ++piece;
            }
            return piece == pieces.size();
        };
        std::vector<Found> found;
        for (const EventDayCache::IndexedPlayer& player : *d->eventDay.players) {
            int rank = -1;
            if (player.id == query || player.associationId == query)
                rank = 0;
            else if (player.id.startsWith(query) || player.associationId.startsWith(query))
                rank = 1;
            else if (player.name.startsWith(query))
                rank = 2;
            else if (const qsizetype at = player.name.indexOf(query); at > 0)
                rank = player.name.at(at - 1).isLetterOrNumber() ? 4 : 3; // a later word begins with it
            else if (piecesBeginWords(player.name))
                rank = 3;
            if (rank >= 0)
                found.push_back({rank, &player});
        }
        const auto before = [](const Found& a, const Found& b) {
            return std::tuple(a.rank, a.player->name, a.player->id.size(), a.player->id) <
                   std::tuple(b.rank, b.player->name, b.player->id.size(), b.player->id);
        };
        const auto end =
            found.begin() + std::min<std::ptrdiff_t>(limit, static_cast<std::ptrdiff_t>(found.size()));
        std::partial_sort(found.begin(), end, found.end(), before);
        std::vector<PlayerMatch> matches;
        for (auto it = found.begin(); it != end; ++it)
            matches.push_back(it->player->match);
        return matches;
    });
}
namespace {

// Refuses a list of players that a unit of `event` cannot hold: the wrong number for its format,
// an unknown player, one named twice, or one who is in another unit of the event (DECISIONS D1: a
// player is at most once in an event). Units in `replaced` are being replaced and do not count.
void checkUnitPlayers(sqlite::Database& db, const EventRecord& event, const QStringList& playerIds,
                      const std::set<int>& replaced)
{
    const bool doubles = event.format == engine::EventFormat::Doubles;
    if (playerIds.isEmpty() || playerIds.size() > (doubles ? 2 : 1))
        refuse(doubles ? tr("A doubles team of event %1 is one or two players, not %2.")
                             .arg(event.id)
                             .arg(playerIds.size())
                       : tr("An entrant of singles event %1 is one player, not %2.")
                             .arg(event.id)
                             .arg(playerIds.size()));
    if (playerIds.size() == 2 && playerIds[0] == playerIds[1])
        refuse(tr("Player %1 cannot partner themselves.").arg(playerIds[0]));
    sqlite::Statement exists(db, "SELECT 1 FROM players WHERE id = ?");
    sqlite::Statement entered(db, "SELECT unit FROM entrant_players WHERE event_id = ? AND player_id = ?");
    for (const QString& id : playerIds) {
        exists.reset();
        exists.bind(1, id);
        if (!exists.step())
            refuse(tr("There is no player %1.").arg(id));
        entered.reset();
        entered.bind(1, event.id).bind(2, id);
        if (entered.step() && !replaced.count(static_cast<int>(entered.integer(0))))
            refuse(tr("Player %1 is entrant %2 of event %3 already: a player enters an event once.")
                       .arg(id)
                       .arg(entered.integer(0))
                       .arg(event.id));
    }
}

// DECISIONS P3, P5: a doubles unit that begins is a team of two; one player alone would count in N
// as a team with an unseen partner (N6) and lower the FSI. Refused until a partner is paired.
void checkCanBegin(const EventRecord& event, int unit, qsizetype players, EntrantStatus status)
{
    if (event.format == engine::EventFormat::Doubles && players < 2 && status != EntrantStatus::Registered)
        refuse(unit > 0 ? tr("Entrant %1 of doubles event %2 has no partner yet: pair a partner first.")
                              .arg(unit)
                              .arg(event.id)
                        : tr("A player of doubles event %1 without a partner cannot be checked in: pair "
                             "a partner first.")
                              .arg(event.id));
}

// Refuses to take players out of a unit while a game of the event names them (DECISIONS N3).
void checkNotInGames(sqlite::Database& db, const QString& eventId, const QStringList& playerIds)
{
    sqlite::Statement games(db, "SELECT min(game) FROM game_players WHERE event_id = ? AND player_id = ?");
    for (const QString& id : playerIds) {
        games.reset();
        games.bind(1, eventId).bind(2, id);
        if (games.step() && !games.isNull(0))
            refuse(tr("Player %1 plays in game %2 of event %3: change the games first.")
                       .arg(id)
                       .arg(games.integer(0))
                       .arg(eventId));
    }
}

} // namespace

int EventDayStore::addEntrant(const QString& eventId, const QStringList& playerIds, EntrantStatus status)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        checkUnitPlayers(d->db, event, playerIds, {});
        checkCanBegin(event, 0, playerIds.size(), status);
        sqlite::Statement next(d->db, "SELECT coalesce(max(unit), 0) + 1 FROM entrants WHERE event_id = ?");
        next.bind(1, eventId);
        next.step();
        Entrant entrant;
        entrant.number = static_cast<int>(next.integer(0));
        entrant.status = status;
        for (const QString& id : playerIds)
            entrant.players.push_back({id, {}, {}, {}});
        d->writeEntrant(eventId, entrant);
        d->eventChanged(eventId, event.status, QStringLiteral("add-entrant"),
                        QJsonObject{{QStringLiteral("added"), unitsJson({entrant})}});
        transaction.commit();
        d->lastEventsChanged(playerIds);
        return entrant.number;
    });
}

void EventDayStore::removeEntrant(const QString& eventId, int unit)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        const std::vector<Entrant> found = d->readEntrants(eventId, unit);
        if (found.empty())
            refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(unit));
        checkNotInGames(d->db, eventId, found.front().playerIds());
        sqlite::Statement remove(d->db, "DELETE FROM entrants WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, unit).run();
        d->eventChanged(eventId, event.status, QStringLiteral("remove-entrant"),
                        QJsonObject{{QStringLiteral("removed"), unitsJson(found)}});
        transaction.commit();
        d->lastEventsChanged(found.front().playerIds());
    });
}

void EventDayStore::setEntrantStatus(const QString& eventId, int unit, EntrantStatus status)
{
    setEntrantStatuses(eventId, {unit}, status);
}

void EventDayStore::setEntrantStatuses(const QString& eventId, const std::vector<int>& units,
                                       EntrantStatus status)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        sqlite::Statement select(d->db, "SELECT status FROM entrants WHERE event_id = ? AND unit = ?");
        sqlite::Statement players(d->db,
                                  "SELECT count(*) FROM entrant_players WHERE event_id = ? AND unit = ?");
        sqlite::Statement update(d->db, "UPDATE entrants SET status = ? WHERE event_id = ? AND unit = ?");
        std::vector<int> checkedInOrOut;
        for (const int unit : units) {
            select.reset();
            select.bind(1, eventId).bind(2, unit);
            if (!select.step())
                refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(unit));
            const QString before = select.text(0);
            if (before == keyword(status))
                continue;
            players.reset();
            players.bind(1, eventId).bind(2, unit);
            players.step();
            checkCanBegin(event, unit, static_cast<qsizetype>(players.integer(0)), status);
            update.reset();
            update.bind(1, keyword(status)).bind(2, eventId).bind(3, unit).run();
            d->eventChanged(eventId, event.status, QStringLiteral("entrant-status"),
                            QJsonObject{{QStringLiteral("unit"), unit},
                                        {QStringLiteral("before"), before},
                                        {QStringLiteral("after"), keyword(status)}});
            if ((before == keyword(EntrantStatus::Registered)) != (status == EntrantStatus::Registered))
                checkedInOrOut.push_back(unit);
        }
        transaction.commit();
        // Checking in or out decides whether this event is the players' last event.
        if (d->eventDay.players) {
            for (const int unit : checkedInOrOut) {
                for (const Entrant& entrant : d->readEntrants(eventId, unit))
                    d->lastEventsChanged(entrant.playerIds());
            }
        }
    });
}

int EventDayStore::pairPartners(const QString& eventId, int unit, int partnerUnit)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        if (event.format != engine::EventFormat::Doubles)
            refuse(tr("Event %1 is a singles event: its entrants have no partners.").arg(eventId));
        if (unit == partnerUnit)
            refuse(tr("Entrant %1 cannot partner itself.").arg(unit));
        const std::vector<Entrant> first = d->readEntrants(eventId, unit);
        const std::vector<Entrant> second = d->readEntrants(eventId, partnerUnit);
        for (const auto& [found, number] : {std::pair(&first, unit), std::pair(&second, partnerUnit)}) {
            if (found->empty())
                refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(number));
            if (found->front().players.size() != 1)
                refuse(tr("Team %1 of event %2 has two players already.").arg(number).arg(eventId));
        }
        // The team began if either partner had; it keeps the first unit's status otherwise.
        const EntrantStatus status = first.front().began() ? first.front().status : second.front().status;
        sqlite::Statement move(
            d->db, "UPDATE entrant_players SET unit = ?, seat = 2 WHERE event_id = ? AND unit = ?");
        move.bind(1, unit).bind(2, eventId).bind(3, partnerUnit).run();
        sqlite::Statement update(d->db, "UPDATE entrants SET status = ? WHERE event_id = ? AND unit = ?");
        update.bind(1, keyword(status)).bind(2, eventId).bind(3, unit).run();
        sqlite::Statement remove(d->db, "DELETE FROM entrants WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, partnerUnit).run();
        d->eventChanged(eventId, event.status, QStringLiteral("pair-partners"),
                        QJsonObject{{QStringLiteral("before"), unitsJson({first.front(), second.front()})},
                                    {QStringLiteral("unit"), unit}});
        transaction.commit();
        d->lastEventsChanged(first.front().playerIds() + second.front().playerIds());
        return unit;
    });
}

void EventDayStore::setTeam(const QString& eventId, int unit, const QStringList& playerIds)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        const std::vector<Entrant> found = d->readEntrants(eventId, unit);
        if (found.empty())
            refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(unit));
        checkUnitPlayers(d->db, event, playerIds, {unit});
        checkCanBegin(event, unit, playerIds.size(), found.front().status);
        if (found.front().playerIds() == playerIds)
            return;
        QStringList leaving;
        for (const QString& id : found.front().playerIds()) {
            if (!playerIds.contains(id))
                leaving.append(id);
        }
        checkNotInGames(d->db, eventId, leaving);
        d->db.execute("PRAGMA defer_foreign_keys = ON"); // games name the players who stay
        sqlite::Statement remove(d->db, "DELETE FROM entrant_players WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, unit).run();
        sqlite::Statement insert(
            d->db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
        int seat = 0;
        for (const QString& id : playerIds) {
            insert.reset();
            insert.bind(1, eventId).bind(2, unit).bind(3, ++seat).bind(4, id).run();
        }
        d->eventChanged(
            eventId, event.status, QStringLiteral("set-team"),
            QJsonObject{{QStringLiteral("unit"), unit},
                        {QStringLiteral("before"), QJsonArray::fromStringList(found.front().playerIds())},
                        {QStringLiteral("after"), QJsonArray::fromStringList(playerIds)}});
        transaction.commit();
        d->lastEventsChanged(leaving + playerIds);
    });
}

void EventDayStore::restoreEntrants(const QString& eventId, const std::vector<Entrant>& entrants)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        std::set<int> numbers;
        for (const Entrant& entrant : entrants) {
            if (entrant.number < 1 || !numbers.insert(entrant.number).second)
                refuse(tr("Entrant numbers to restore must be distinct and 1 or more."));
        }
        QStringList all;
        for (const Entrant& entrant : entrants) {
            checkUnitPlayers(d->db, event, entrant.playerIds(), numbers);
            for (const QString& id : entrant.playerIds()) {
                if (all.contains(id))
                    refuse(tr("Player %1 is named twice among the entrants to restore.").arg(id));
                all.append(id);
            }
        }
        d->db.execute("PRAGMA defer_foreign_keys = ON"); // games name players who come back
        sqlite::Statement remove(d->db, "DELETE FROM entrants WHERE event_id = ? AND unit = ?");
        for (const int number : numbers) {
            for (const Entrant& replaced : d->readEntrants(eventId, number))
                all.append(replaced.playerIds()); // their last events may change too
            remove.reset();
            remove.bind(1, eventId).bind(2, number).run();
        }
        for (const Entrant& entrant : entrants)
            d->writeEntrant(eventId, entrant);
        d->eventChanged(eventId, event.status, QStringLiteral("restore-entrants"),
                        QJsonObject{{QStringLiteral("restored"), unitsJson(entrants)}});
        transaction.commit();
        d->lastEventsChanged(all);
    });
}

std::vector<Entrant> EventDayStore::entrants(const QString& eventId)
{
    return d->guarded([&] { return d->readEntrants(eventId); });
}

std::optional<Entrant> EventDayStore::entrant(const QString& eventId, int unit)
{
    return d->guarded([&]() -> std::optional<Entrant> {
        std::vector<Entrant> found = d->readEntrants(eventId, unit);
        if (found.empty())
            return std::nullopt;
        return std::move(found.front());
    });
}

void EventDayStore::setStandings(const QString& eventId, const std::vector<Placing>& listed)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        writeStandings(eventId, listed);
        transaction.commit();
    });
}

void EventDayStore::writeStandings(const QString& eventId, const std::vector<Placing>& listed)
{
    const EventRecord event = d->requireEvent(eventId);
    std::set<int> units;
    {
        sqlite::Statement select(d->db, "SELECT unit FROM entrants WHERE event_id = ?");
        select.bind(1, eventId);
        while (select.step())
            units.insert(static_cast<int>(select.integer(0)));
    }
    std::set<int> seen;
    QJsonArray json;
    for (const Placing& placing : listed) {
        if (!units.count(placing.unit))
            refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(placing.unit));
        if (!seen.insert(placing.unit).second)
            refuse(tr("Entrant %1 is listed twice in the standings of event %2.")
                       .arg(placing.unit)
                       .arg(eventId));
        if (placing.place < 1)
            refuse(tr("Place %1 of entrant %2 is not a place: 1 is the winner.")
                       .arg(placing.place)
                       .arg(placing.unit));
        json.append(QJsonArray{placing.unit, placing.place});
    }
    sqlite::Statement remove(d->db, "DELETE FROM standings WHERE event_id = ?");
    remove.bind(1, eventId).run();
    sqlite::Statement insert(
        d->db, d->hasListedColumn() ? "INSERT INTO standings (event_id, unit, place, listed) "
                                      "VALUES (?1, ?2, ?3, ?4)"
                                    : "INSERT INTO standings (event_id, unit, place) VALUES (?1, ?2, ?3)");
    int position = 0;
    for (const Placing& placing : listed) {
        insert.reset();
        insert.bind(1, eventId).bind(2, placing.unit).bind(3, placing.place);
        if (d->hasListedColumn())
            insert.bind(4, ++position);
        insert.run();
    }
    d->eventChanged(eventId, event.status, QStringLiteral("set-standings"),
                    QJsonObject{{QStringLiteral("standings"), json}});
}

std::vector<Placing> EventDayStore::standings(const QString& eventId)
{
    return d->guarded([&] {
        std::vector<Placing> list;
        sqlite::Statement select(d->db,
                                 d->hasListedColumn()
                                     ? "SELECT unit, place FROM standings WHERE event_id = ? "
                                       "ORDER BY listed, unit"
                                     : "SELECT unit, place FROM standings WHERE event_id = ? ORDER BY unit");
        select.bind(1, eventId);
        while (select.step())
            list.push_back({static_cast<int>(select.integer(0)), static_cast<int>(select.integer(1))});
        return list;
    });
}

void EventDayStore::setGames(const QString& eventId, const std::vector<GameRecord>& games)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        writeGames(eventId, games);
        transaction.commit();
    });
}

void EventDayStore::setStandingsAndGames(const QString& eventId, const std::vector<Placing>& listed,
                                         const std::vector<GameRecord>& games)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        writeStandings(eventId, listed);
        writeGames(eventId, games);
        transaction.commit();
    });
}

void EventDayStore::writeGames(const QString& eventId, const std::vector<GameRecord>& games)
{
    EventRecord event = d->requireEvent(eventId);
    sqlite::Statement entered(d->db, "SELECT 1 FROM entrant_players WHERE event_id = ? AND player_id = ?");
    int number = 0;
    for (const GameRecord& game : games) {
        ++number;
        if (game.sideA.isEmpty() || game.sideB.isEmpty())
            refuse(tr("Game %1 of event %2 needs a player on each side.").arg(number).arg(eventId));
        for (const QStringList* side : {&game.sideA, &game.sideB}) {
            for (const QString& id : *side) {
                entered.reset();
                entered.bind(1, eventId).bind(2, id);
                if (!entered.step())
                    refuse(tr("Game %1 names player %2, who is not an entrant of event %3.")
                               .arg(number)
                               .arg(id, eventId));
            }
        }
        GameRecord stored = game;
        stored.number = number;
        event.games.push_back(std::move(stored));
    }
    sqlite::Statement remove(d->db, "DELETE FROM games WHERE event_id = ?");
    remove.bind(1, eventId).run();
    d->insertGames(event);
    d->eventChanged(eventId, event.status, QStringLiteral("set-games"),
                    QJsonObject{{QStringLiteral("games"), static_cast<int>(games.size())}});
}

} // namespace flickdesk::core
