// The FlickDesk database (core/store/store.h): an event's day of play (issue 28).

#include "core/formats/eventexchange.h"
#include "core/formats/playwords.h"
#include "core/store/storeprivate.h"

namespace flickdesk::core {
namespace {

namespace play = engine::play;

QString playTr(const char* text)
{
    return QCoreApplication::translate("flickdesk::core::Store", text);
}

// ---- the format <-> JSON. Enumerations by word, so that a file stays readable and a new value
// appended to an enumeration does not shift the old ones.

using playwords::valueOf;
using playwords::wordOf;
template <typename E> using Words = playwords::Word<E>;

// Reads one setting: absent keeps the default; of another type is a problem.
class JsonReader {
public:
    QString problem;

    void readInt(const QJsonObject& object, const char* key, int& value)
    {
        const QJsonValue v = object.value(QLatin1String(key));
        if (v.isUndefined())
            return;
        if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || std::abs(v.toDouble()) > 1e6)
            fail(key);
        else
            value = v.toInt();
    }
    void readBool(const QJsonObject& object, const char* key, bool& value)
    {
        const QJsonValue v = object.value(QLatin1String(key));
        if (v.isUndefined())
            return;
        if (!v.isBool())
            fail(key);
        else
            value = v.toBool();
    }
    template <typename E, std::size_t N>
    void readWord(const QJsonObject& object, const char* key, const Words<E> (&words)[N], E& value)
    {
        const QJsonValue v = object.value(QLatin1String(key));
        if (v.isUndefined())
            return;
        if (const auto found = valueOf(words, v.toString()))
            value = *found;
        else
            fail(key);
    }
    void readInts(const QJsonObject& object, const char* key, std::vector<int>& values)
    {
        const QJsonValue v = object.value(QLatin1String(key));
        if (v.isUndefined())
            return;
        if (!v.isArray()) {
            fail(key);
            return;
        }
        values.clear();
        for (const QJsonValue item : v.toArray()) {
            if (!item.isDouble()) {
                fail(key);
                return;
            }
            values.push_back(item.toInt());
        }
    }
    void fail(const char* key)
    {
        if (problem.isEmpty())
            problem = playTr("the setting \"%1\" has a value it cannot have").arg(QLatin1String(key));
    }
};

// ---- rows

QString sideWord(play::Side side)
{
    switch (side) {
    case play::Side::A:
        return QStringLiteral("A");
    case play::Side::B:
        return QStringLiteral("B");
    case play::Side::None:
        break;
    }
    return QStringLiteral("");
}

play::Side sideOf(const QString& word)
{
    if (word == QLatin1String("A"))
        return play::Side::A;
    if (word == QLatin1String("B"))
        return play::Side::B;
    return play::Side::None;
}

QString keyText(const play::GameKey& key)
{
    return QString::fromStdString(play::gameKeyText(key));
}

QJsonObject scoreJson(const play::Score& score)
{
    QJsonObject object;
    object.insert(QStringLiteral("score"), QString::fromStdString(play::scoreText(score)));
    return object;
}

QJsonArray unitsJson(const std::vector<play::UnitId>& units)
{
    QJsonArray array;
    for (const play::UnitId& unit : units)
        array.append(QString::fromStdString(unit));
    return array;
}

std::vector<play::UnitId> unitsFromJson(const QJsonArray& array)
{
    std::vector<play::UnitId> units;
    for (const QJsonValue value : array)
        units.push_back(value.toString().toStdString());
    return units;
}

std::optional<PlaySetup> readSetup(sqlite::Database& db, const QString& eventId)
{
    sqlite::Statement select(
        db, "SELECT format, seed, hand_groups, stages_started FROM play_formats WHERE event_id = ?");
    select.bind(1, eventId);
    if (!select.step())
        return std::nullopt;
    PlaySetup setup;
    QString problem;
    const auto format = playFormatFromJson(select.text(0).toUtf8(), &problem);
    if (!format) // the store wrote it: a hand-edited file
        refuse(playTr("The stored format of the event cannot be read: %1.").arg(problem));
    setup.format = *format;
    setup.seed = static_cast<std::uint64_t>(select.integer(1));
    for (const QJsonValue group : QJsonDocument::fromJson(select.text(2).toUtf8()).array())
        setup.handGroups.push_back(unitsFromJson(group.toArray()));
    setup.stagesStarted = static_cast<int>(select.integer(3));
    return setup;
}

// The scores and the sides they were entered for, as PlayInput holds them: read for every score
// entered (the store's check, then the window's reload), so without the entry times and QString.
void readScoresInto(sqlite::Database& db, const QString& eventId, play::PlayInput& input)
{
    sqlite::Statement select(db, "SELECT game, unit_a, unit_b, points_a, points_b, twenties_a, twenties_b, "
                                 "shoot_out FROM play_scores WHERE event_id = ?");
    select.bind(1, eventId);
    std::vector<std::pair<play::GameKey, std::size_t>> keys;
    std::vector<std::pair<play::Score, std::pair<play::UnitId, play::UnitId>>> rows;
    while (select.step()) {
        const auto key = play::parseGameKey(select.stdText(0));
        if (!key)
            continue; // as readScores
        play::Score score;
        score.pointsA = static_cast<int>(select.integer(3));
        score.pointsB = static_cast<int>(select.integer(4));
        score.twentiesA = static_cast<int>(select.integer(5));
        score.twentiesB = static_cast<int>(select.integer(6));
        const std::string_view side = select.blob(7);
        score.shootOutWinner = side == "A" ? play::Side::A : side == "B" ? play::Side::B : play::Side::None;
        keys.emplace_back(*key, rows.size());
        rows.push_back({score, {select.stdText(1), select.stdText(2)}});
    }
    // In key order, each appended at the maps' end (the game column is the table's key: no repeats).
    std::sort(keys.begin(), keys.end());
    for (const auto& [key, row] : keys) {
        input.scores.emplace_hint(input.scores.end(), key, rows[row].first);
        input.enteredFor.emplace_hint(input.enteredFor.end(), key, std::move(rows[row].second));
    }
}

std::vector<PlayScoreRecord> readScores(sqlite::Database& db, const QString& eventId)
{
    sqlite::Statement select(db, "SELECT game, unit_a, unit_b, points_a, points_b, twenties_a, twenties_b, "
                                 "shoot_out, entered FROM play_scores WHERE event_id = ?");
    select.bind(1, eventId);
    std::vector<PlayScoreRecord> scores;
    while (select.step()) {
        const auto key = play::parseGameKey(select.stdText(0));
        if (!key)
            continue; // the table's CHECK keeps the shape; a key the engine cannot read is not a game
        PlayScoreRecord record;
        record.key = *key;
        record.a = select.text(1).toStdString();
        record.b = select.text(2).toStdString();
        record.score.pointsA = static_cast<int>(select.integer(3));
        record.score.pointsB = static_cast<int>(select.integer(4));
        record.score.twentiesA = static_cast<int>(select.integer(5));
        record.score.twentiesB = static_cast<int>(select.integer(6));
        record.score.shootOutWinner = sideOf(select.text(7));
        record.entered = QDateTime::fromString(select.text(8), Qt::ISODate);
        scores.push_back(std::move(record));
    }
    std::sort(scores.begin(), scores.end(),
              [](const PlayScoreRecord& x, const PlayScoreRecord& y) { return x.key < y.key; });
    return scores;
}

bool hasScores(sqlite::Database& db, const QString& eventId)
{
    sqlite::Statement select(db, "SELECT 1 FROM play_scores WHERE event_id = ? LIMIT 1");
    select.bind(1, eventId);
    return select.step();
}

} // namespace

QByteArray playFormatJson(const play::Format& format)
{
    // One writer for the store's column and the submission file (core/formats/eventexchange.h).
    return QJsonDocument(playFormatObject(format)).toJson(QJsonDocument::Compact);
}

std::optional<play::Format> playFormatFromJson(const QByteArray& json, QString* problem)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    const auto fail = [problem](const QString& text) -> std::optional<play::Format> {
        if (problem)
            *problem = text;
        return std::nullopt;
    };
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return fail(playTr("a format is a JSON object with its stages"));
    const QJsonObject object = document.object();
    if (!object.value(QStringLiteral("stages")).isArray())
        return fail(playTr("a format is a JSON object with its stages"));
    play::Format format;
    format.name = object.value(QStringLiteral("name")).toString().toStdString();
    JsonReader reader;
    for (const QJsonValue value : object.value(QStringLiteral("stages")).toArray()) {
        if (!value.isObject())
            return fail(playTr("each stage of a format is a JSON object"));
        const QJsonObject o = value.toObject();
        play::Stage stage;
        stage.name = o.value(QStringLiteral("name")).toString().toStdString();
        reader.readWord(o, "kind", playwords::stageKinds, stage.kind);
        reader.readInt(o, "takeTop", stage.takeTop);
        reader.readInt(o, "groups", stage.groups);
        reader.readInt(o, "rounds", stage.rounds);
        reader.readBool(o, "swiss", stage.swiss);
        reader.readInts(o, "poolSizes", stage.poolSizes);
        reader.readInts(o, "bracketSizes", stage.bracketSizes);
        reader.readBool(o, "perTier", stage.perTier);
        const QJsonObject s = o.value(QStringLiteral("settings")).toObject();
        play::StageSettings& settings = stage.settings;
        reader.readInt(s, "roundsPerGame", settings.roundsPerGame);
        reader.readInt(s, "gamesPerPairing", settings.gamesPerPairing);
        reader.readInt(s, "byePoints", settings.byePoints);
        reader.readInt(s, "walkoverPoints", settings.walkoverPoints);
        if (s.contains(QStringLiteral("tieBreaks"))) {
            settings.tieBreaks.clear();
            for (const QJsonValue word : s.value(QStringLiteral("tieBreaks")).toArray()) {
                if (const auto tieBreak = valueOf(playwords::tieBreaks, word.toString()))
                    settings.tieBreaks.push_back(*tieBreak);
                else
                    reader.fail("tieBreaks");
            }
        }
        reader.readWord(s, "seeding", playwords::seedings, settings.seeding);
        reader.readInt(s, "boards", settings.boards);
        reader.readWord(s, "match", playwords::matches, settings.match);
        reader.readInt(s, "bestOf", settings.bestOf);
        reader.readInt(s, "firstTo", settings.firstTo);
        reader.readBool(s, "thirdPlace", settings.thirdPlace);
        reader.readWord(s, "level", playwords::levels, settings.level);
        format.stages.push_back(std::move(stage));
    }
    if (!reader.problem.isEmpty())
        return fail(reader.problem);
    return format;
}

std::optional<PlaySetup> PlayStore::playSetup(const QString& eventId)
{
    return d->guarded([&] { return readSetup(d->db, eventId); });
}

void PlayStore::setPlayFormat(const QString& eventId, const play::Format& format, std::uint64_t seed)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        d->requireEvent(eventId);
        if (hasScores(d->db, eventId))
            refuse(tr("The play of this event has begun: its format can be changed only before the first "
                      "score. Nothing was changed."));
        int units = 0;
        for (const Entrant& entrant : d->readEntrants(eventId))
            units += entrant.began() ? 1 : 0;
        if (const auto problem = play::formatProblem(format, units))
            refuse(tr("This format cannot be played by the %1 players or teams that began: %2")
                       .arg(units)
                       .arg(QString::fromStdString(*problem)));
        const std::optional<PlaySetup> before = readSetup(d->db, eventId);
        const QString json = QString::fromUtf8(playFormatJson(format));
        // Issue 28 item 5: a new format starts its first stage only; each later one waits for the
        // director to confirm who goes on.
        sqlite::Statement upsert(d->db, "INSERT INTO play_formats (event_id, format, seed, stages_started) "
                                        "VALUES (?, ?, ?, 1) "
                                        "ON CONFLICT (event_id) DO UPDATE SET format = excluded.format, "
                                        "seed = excluded.seed, stages_started = 1");
        upsert.bind(1, eventId).bind(2, json).bind(3, static_cast<std::int64_t>(seed)).run();
        QJsonObject details;
        if (before)
            details.insert(QStringLiteral("before"),
                           QJsonDocument::fromJson(playFormatJson(before->format)).object());
        details.insert(QStringLiteral("format"), QJsonDocument::fromJson(json.toUtf8()).object());
        details.insert(QStringLiteral("seed"), QString::number(seed));
        d->audit(QStringLiteral("play-format"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::setPlayHandGroups(const QString& eventId,
                                  const std::vector<std::vector<play::UnitId>>& groups)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        if (!readSetup(d->db, eventId))
            refuse(tr("The event has no format of play yet. Nothing was changed."));
        if (hasScores(d->db, eventId))
            refuse(tr("The play of this event has begun: its groups can be changed only before the first "
                      "score. Nothing was changed."));
        QJsonArray array;
        for (const auto& group : groups)
            array.append(unitsJson(group));
        const QString json = QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
        sqlite::Statement update(d->db, "UPDATE play_formats SET hand_groups = ? WHERE event_id = ?");
        update.bind(1, json).bind(2, eventId).run();
        QJsonObject details;
        details.insert(QStringLiteral("groups"), array);
        d->audit(QStringLiteral("play-groups"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

std::vector<play::PlayUnit> PlayStore::playUnits(const QString& eventId, const PlayRatings& ratings)
{
    return d->guarded([&] {
        // Read for every score entered (the store's check, then the window's reload): one query for
        // the entrants that began and their players, in seat order (as readEntrants: a team's names joined by
        // " / ", a player without a name by id).
        std::vector<play::PlayUnit> units;
        sqlite::Statement select(d->db, R"sql(
            SELECT u.unit, u.status, p.id, p.name
            FROM entrants u LEFT JOIN entrant_players ep ON ep.event_id = u.event_id AND ep.unit = u.unit
                            LEFT JOIN players p ON p.id = ep.player_id
            WHERE u.event_id = ? ORDER BY u.unit, ep.seat)sql");
        select.bind(1, eventId);
        int current = -1;
        bool began = false;
        int players = 0; // of the current unit
        while (select.step()) {
            const int number = static_cast<int>(select.integer(0));
            if (number != current) {
                current = number;
                players = 0;
                // DECISIONS P3: the units that began are the field
                began = entrantStatusFromKeyword(select.text(1)).value_or(EntrantStatus::Registered) !=
                        EntrantStatus::Registered;
                if (began) {
                    play::PlayUnit unit;
                    unit.id = std::to_string(number);
                    const auto rating = ratings.find(number);
                    unit.rating = rating == ratings.end() ? 0.0 : rating->second;
                    units.push_back(std::move(unit));
                }
            }
            if (!began || select.isNull(2))
                continue; // a unit without players has no name (as readEntrants' join)
            std::string name = select.stdText(3);
            if (name.empty())
                name = select.stdText(2);
            if (players++ > 0)
                units.back().name += " / ";
            units.back().name += name;
        }
        return units;
    });
}

std::vector<PlayScoreRecord> PlayStore::playScores(const QString& eventId)
{
    return d->guarded([&] { return readScores(d->db, eventId); });
}

play::PlayInput PlayStore::playInput(const QString& eventId, const PlayRatings& ratings)
{
    return d->guarded([&] {
        const std::optional<PlaySetup> setup = readSetup(d->db, eventId);
        if (!setup)
            refuse(tr("The event has no format of play yet."));
        play::PlayInput input;
        input.format = setup->format;
        input.seed = setup->seed;
        input.handGroups = setup->handGroups;
        input.stagesStarted = setup->stagesStarted;
        input.units = playUnits(eventId, ratings);
        readScoresInto(d->db, eventId, input);
        {
            sqlite::Statement select(
                d->db, "SELECT stage, group_index, units FROM play_shoot_outs WHERE event_id = ? "
                       "ORDER BY stage, group_index");
            select.bind(1, eventId);
            while (select.step())
                input.shootOuts.push_back(
                    {static_cast<int>(select.integer(0)), static_cast<int>(select.integer(1)),
                     unitsFromJson(QJsonDocument::fromJson(select.text(2).toUtf8()).array())});
        }
        {
            sqlite::Statement select(
                d->db, "SELECT unit, stage, round FROM play_withdrawals WHERE event_id = ? ORDER BY unit");
            select.bind(1, eventId);
            while (select.step())
                input.withdrawals.push_back({select.text(0).toStdString(),
                                             static_cast<int>(select.integer(1)),
                                             static_cast<int>(select.integer(2))});
        }
        {
            sqlite::Statement select(
                d->db, "SELECT unit, place, reason FROM play_places WHERE event_id = ? ORDER BY place, unit");
            select.bind(1, eventId);
            while (select.step())
                input.handPlaces.push_back({select.text(0).toStdString(), static_cast<int>(select.integer(1)),
                                            select.text(2).toStdString()});
        }
        return input;
    });
}

void PlayStore::recordScore(const QString& eventId, const PlayRatings& ratings, const play::GameKey& key,
                            const play::Score& score)
{
    writeScore(eventId, ratings, key, score, false);
}

void PlayStore::correctScore(const QString& eventId, const PlayRatings& ratings, const play::GameKey& key,
                             const play::Score& score)
{
    writeScore(eventId, ratings, key, score, true);
}

void PlayStore::writeScore(const QString& eventId, const PlayRatings& ratings, const play::GameKey& key,
                           const play::Score& score, bool correction)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        play::PlayInput input = playInput(eventId, ratings);
        const auto stored = input.scores.find(key);
        std::optional<play::Score> before;
        if (stored != input.scores.end())
            before = stored->second;
        if (!correction && before)
            refuse(tr("Game %1 has a score already (%2): correct it instead. Nothing was changed.")
                       .arg(keyText(key), QString::fromStdString(play::scoreText(*before))));
        if (correction && !before)
            refuse(tr("Game %1 has no score to correct. Nothing was changed.").arg(keyText(key)));
        // A correction is checked against the play without the score it replaces: the game stays
        // drawn with the same sides while only its own score changes.
        if (correction) {
            input.scores.erase(key);
            input.enteredFor.erase(key);
        }
        const play::PlayState state = play::computePlay(input);
        if (state.problem)
            refuse(tr("The play cannot be computed: %1 Nothing was changed.")
                       .arg(QString::fromStdString(*state.problem)));
        if (const auto problem = play::entryProblem(input, state, key, score))
            refuse(tr("Game %1, score %2: %3 Nothing was changed.")
                       .arg(keyText(key), QString::fromStdString(play::scoreText(score)),
                            QString::fromStdString(*problem)));
        const play::PlayGame* game = state.game(key);
        sqlite::Statement write(d->db, "INSERT OR REPLACE INTO play_scores (event_id, game, unit_a, unit_b, "
                                       "points_a, points_b, twenties_a, twenties_b, shoot_out, entered) "
                                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        write.bind(1, eventId)
            .bind(2, keyText(key))
            .bind(3, game->a)
            .bind(4, game->b)
            .bind(5, score.pointsA)
            .bind(6, score.pointsB)
            .bind(7, score.twentiesA)
            .bind(8, score.twentiesB)
            .bind(9, sideWord(score.shootOutWinner))
            .bind(10, isoUtc(d->now()))
            .run();
        QJsonObject details = scoreJson(score);
        details.insert(QStringLiteral("game"), keyText(key));
        details.insert(QStringLiteral("a"), QString::fromStdString(game->a));
        details.insert(QStringLiteral("b"), QString::fromStdString(game->b));
        if (before)
            details.insert(QStringLiteral("before"), QString::fromStdString(play::scoreText(*before)));
        d->audit(correction ? QStringLiteral("play-score-correct") : QStringLiteral("play-score"), eventId,
                 details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::clearScore(const QString& eventId, const play::GameKey& key)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        std::optional<PlayScoreRecord> before;
        for (PlayScoreRecord& record : readScores(d->db, eventId)) {
            if (record.key == key)
                before = std::move(record);
        }
        if (!before)
            refuse(tr("Game %1 has no score to remove. Nothing was changed.").arg(keyText(key)));
        sqlite::Statement remove(d->db, "DELETE FROM play_scores WHERE event_id = ? AND game = ?");
        remove.bind(1, eventId).bind(2, keyText(key)).run();
        QJsonObject details;
        details.insert(QStringLiteral("game"), keyText(key));
        details.insert(QStringLiteral("before"), QString::fromStdString(play::scoreText(before->score)));
        details.insert(QStringLiteral("a"), QString::fromStdString(before->a));
        details.insert(QStringLiteral("b"), QString::fromStdString(before->b));
        d->audit(QStringLiteral("play-score-clear"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

namespace {

// Whether `unit` is one of the event's units that began (the play's units).
bool isPlayUnit(sqlite::Database& db, const QString& eventId, const play::UnitId& unit)
{
    bool ok = false;
    const int number = QString::fromStdString(unit).toInt(&ok);
    if (!ok)
        return false;
    sqlite::Statement select(db, "SELECT 1 FROM entrants WHERE event_id = ? AND unit = ? AND status <> "
                                 "'registered'");
    select.bind(1, eventId).bind(2, number);
    return select.step();
}

} // namespace

void PlayStore::setShootOut(const QString& eventId, const play::ShootOutOrder& order)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        if (!readSetup(d->db, eventId))
            refuse(tr("The event has no format of play yet. Nothing was changed."));
        for (const play::UnitId& unit : order.order) {
            if (!isPlayUnit(d->db, eventId, unit))
                refuse(tr("Entrant %1 is not in the play. Nothing was changed.")
                           .arg(QString::fromStdString(unit)));
        }
        sqlite::Statement remove(
            d->db, "DELETE FROM play_shoot_outs WHERE event_id = ? AND stage = ? AND group_index = ?");
        remove.bind(1, eventId).bind(2, order.stage).bind(3, order.group).run();
        const QJsonArray units = unitsJson(order.order);
        if (!order.order.empty()) {
            sqlite::Statement insert(
                d->db,
                "INSERT INTO play_shoot_outs (event_id, stage, group_index, units) VALUES (?, ?, ?, ?)");
            insert.bind(1, eventId)
                .bind(2, order.stage)
                .bind(3, order.group)
                .bind(4, QString::fromUtf8(QJsonDocument(units).toJson(QJsonDocument::Compact)))
                .run();
        }
        QJsonObject details;
        details.insert(QStringLiteral("stage"), order.stage);
        details.insert(QStringLiteral("group"), order.group);
        details.insert(QStringLiteral("order"), units);
        d->audit(QStringLiteral("play-shoot-out"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::setWithdrawal(const QString& eventId, const play::Withdrawal& withdrawal)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        // DECISIONS P3: only a unit that began can withdraw during play.
        if (!isPlayUnit(d->db, eventId, withdrawal.unit))
            refuse(tr("Entrant %1 is not in the play. Nothing was changed.")
                       .arg(QString::fromStdString(withdrawal.unit)));
        if (withdrawal.stage < 0 || withdrawal.round < 0)
            refuse(tr("A withdrawal is from a stage and round of the play. Nothing was changed."));
        sqlite::Statement write(d->db,
                                "INSERT OR REPLACE INTO play_withdrawals (event_id, unit, stage, round) "
                                "VALUES (?, ?, ?, ?)");
        write.bind(1, eventId)
            .bind(2, withdrawal.unit)
            .bind(3, withdrawal.stage)
            .bind(4, withdrawal.round)
            .run();
        QJsonObject details;
        details.insert(QStringLiteral("unit"), QString::fromStdString(withdrawal.unit));
        details.insert(QStringLiteral("stage"), withdrawal.stage);
        details.insert(QStringLiteral("round"), withdrawal.round);
        d->audit(QStringLiteral("play-withdrawal"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::clearWithdrawal(const QString& eventId, const play::UnitId& unit)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        {
            sqlite::Statement select(d->db, "SELECT 1 FROM play_withdrawals WHERE event_id = ? AND unit = ?");
            select.bind(1, eventId).bind(2, unit);
            if (!select.step())
                refuse(tr("Entrant %1 has not withdrawn. Nothing was changed.")
                           .arg(QString::fromStdString(unit)));
        }
        sqlite::Statement remove(d->db, "DELETE FROM play_withdrawals WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, unit).run();
        QJsonObject details;
        details.insert(QStringLiteral("unit"), QString::fromStdString(unit));
        d->audit(QStringLiteral("play-withdrawal-clear"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::setHandPlace(const QString& eventId, const play::HandPlace& place)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const QString reason = QString::fromStdString(place.reason).trimmed();
        // DECISIONS G6: a place changed by hand needs a reason.
        if (reason.isEmpty())
            refuse(tr("A place set by hand needs its reason. Nothing was changed."));
        if (place.place < 1)
            refuse(tr("A place is 1 or more. Nothing was changed."));
        if (!isPlayUnit(d->db, eventId, place.unit))
            refuse(tr("Entrant %1 is not in the play. Nothing was changed.")
                       .arg(QString::fromStdString(place.unit)));
        sqlite::Statement write(d->db, "INSERT OR REPLACE INTO play_places (event_id, unit, place, reason) "
                                       "VALUES (?, ?, ?, ?)");
        write.bind(1, eventId).bind(2, place.unit).bind(3, place.place).bind(4, reason).run();
        QJsonObject details;
        details.insert(QStringLiteral("unit"), QString::fromStdString(place.unit));
        details.insert(QStringLiteral("place"), place.place);
        details.insert(QStringLiteral("reason"), reason);
        d->audit(QStringLiteral("play-place"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::clearHandPlace(const QString& eventId, const play::UnitId& unit)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        {
            sqlite::Statement select(d->db, "SELECT 1 FROM play_places WHERE event_id = ? AND unit = ?");
            select.bind(1, eventId).bind(2, unit);
            if (!select.step())
                refuse(tr("Entrant %1 has no place set by hand. Nothing was changed.")
                           .arg(QString::fromStdString(unit)));
        }
        sqlite::Statement remove(d->db, "DELETE FROM play_places WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, unit).run();
        QJsonObject details;
        details.insert(QStringLiteral("unit"), QString::fromStdString(unit));
        d->audit(QStringLiteral("play-place-clear"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

namespace {

// The name of a stage of the stored format, for a message ("Pools").
QString stageName(const PlaySetup& setup, int stage)
{
    if (stage >= 0 && stage < static_cast<int>(setup.format.stages.size()))
        return QString::fromStdString(setup.format.stages[static_cast<std::size_t>(stage)].name);
    return playTr("stage %1").arg(stage + 1);
}

void writeStagesStarted(sqlite::Database& db, const QString& eventId, int stages)
{
    sqlite::Statement update(db, "UPDATE play_formats SET stages_started = ? WHERE event_id = ?");
    update.bind(1, stages).bind(2, eventId).run();
}

} // namespace

void PlayStore::startPlayStage(const QString& eventId, const PlayRatings& ratings, int stage)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const std::optional<PlaySetup> setup = readSetup(d->db, eventId);
        if (!setup)
            refuse(tr("The event has no format of play yet. Nothing was changed."));
        if (setup->stagesStarted == 0)
            refuse(tr("Every stage of this play takes scores as soon as it is drawn: there is nothing to "
                      "start. Nothing was changed."));
        if (stage < 1 || stage >= static_cast<int>(setup->format.stages.size()))
            refuse(tr("The format has no stage %1 to start. Nothing was changed.").arg(stage + 1));
        if (stage < setup->stagesStarted)
            refuse(tr("%1 has started already. Nothing was changed.").arg(stageName(*setup, stage)));
        const play::PlayState state = play::computePlay(playInput(eventId, ratings));
        if (state.problem)
            refuse(tr("The play cannot be computed: %1 Nothing was changed.")
                       .arg(QString::fromStdString(*state.problem)));
        if (state.awaitingStart != stage) {
            if (!state.blockingTies.empty())
                refuse(tr("A tie decides who goes on to %1: record the shoot-out's order first. Nothing "
                          "was changed.")
                           .arg(stageName(*setup, stage)));
            refuse(tr("%1 can start once %2 is complete. Nothing was changed.")
                       .arg(stageName(*setup, stage), stageName(*setup, stage - 1)));
        }
        writeStagesStarted(d->db, eventId, stage + 1);
        QJsonObject details;
        details.insert(QStringLiteral("stage"), stage);
        details.insert(QStringLiteral("name"), stageName(*setup, stage));
        details.insert(QStringLiteral("entrants"),
                       unitsJson(state.stages[static_cast<std::size_t>(stage)].entrants));
        d->audit(QStringLiteral("play-advance"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::undoPlayStageStart(const QString& eventId, int stage)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const std::optional<PlaySetup> setup = readSetup(d->db, eventId);
        if (!setup)
            refuse(tr("The event has no format of play yet. Nothing was changed."));
        if (stage < 1 || setup->stagesStarted != stage + 1)
            refuse(tr("%1 is not the last stage started: only that one can be taken back. Nothing was "
                      "changed.")
                       .arg(stageName(*setup, stage)));
        for (const PlayScoreRecord& record : readScores(d->db, eventId)) {
            if (record.key.stage == stage)
                refuse(tr("%1 has a score already: who went on to it can no longer be taken back. Nothing "
                          "was changed.")
                           .arg(stageName(*setup, stage)));
        }
        writeStagesStarted(d->db, eventId, stage);
        QJsonObject details;
        details.insert(QStringLiteral("stage"), stage);
        details.insert(QStringLiteral("name"), stageName(*setup, stage));
        d->audit(QStringLiteral("play-advance-undo"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void PlayStore::setPlayFirstSeeding(const QString& eventId, play::Seeding seeding,
                                    const std::vector<std::vector<play::UnitId>>& groups)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        std::optional<PlaySetup> setup = readSetup(d->db, eventId);
        if (!setup)
            refuse(tr("The event has no format of play yet. Nothing was changed."));
        if (hasScores(d->db, eventId))
            refuse(tr("The play of this event has begun: its groups can be changed only before the first "
                      "score. Nothing was changed."));
        if (setup->format.stages.empty() || setup->format.stages.front().kind != play::StageKind::RoundRobin)
            refuse(tr("The first stage of this format has no groups to set: its games are drawn from the "
                      "whole field. Nothing was changed."));
        const play::Seeding before = setup->format.stages.front().settings.seeding;
        play::Format format = setup->format;
        format.stages.front().settings.seeding = seeding;
        const std::vector<std::vector<play::UnitId>> kept =
            seeding == play::Seeding::Hand ? groups : std::vector<std::vector<play::UnitId>>{};
        if (seeding == play::Seeding::Hand) {
            // A group of one plays no game: the engine allows groups of unequal sizes, not that.
            for (const auto& group : kept) {
                if (group.size() < 2)
                    refuse(tr("Each group needs at least two players or teams. Nothing was changed."));
            }
            play::PlayInput input;
            input.format = format;
            input.units = playUnits(eventId, {});
            input.handGroups = kept;
            const play::PlayState state = play::computePlay(input);
            if (state.problem)
                refuse(tr("These groups cannot be played: %1 Nothing was changed.")
                           .arg(QString::fromStdString(*state.problem)));
        }
        QJsonArray array;
        for (const auto& group : kept)
            array.append(unitsJson(group));
        sqlite::Statement update(d->db,
                                 "UPDATE play_formats SET format = ?, hand_groups = ? WHERE event_id = ?");
        update.bind(1, QString::fromUtf8(playFormatJson(format)))
            .bind(2, QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)))
            .bind(3, eventId)
            .run();
        QJsonObject details;
        details.insert(QStringLiteral("before"), wordOf(playwords::seedings, before));
        details.insert(QStringLiteral("seeding"), wordOf(playwords::seedings, seeding));
        details.insert(QStringLiteral("groups"), array);
        d->audit(QStringLiteral("play-seeding"), eventId, details);
        d->touched(StoreChange::of(StoreChange::Play, eventId));
        transaction.commit();
    });
}

void insertWholePlay(StoreConnection::Private& d, const QString& eventId, const play::PlayInput& input)
{
    // No transaction of its own: the caller's (the import's) holds the event and its play together.
    const QString json = QString::fromUtf8(playFormatJson(input.format));
    QJsonArray groups;
    for (const auto& group : input.handGroups)
        groups.append(unitsJson(group));
    sqlite::Statement format(d.db, "INSERT INTO play_formats (event_id, format, seed, hand_groups) "
                                   "VALUES (?, ?, ?, ?)");
    format.bind(1, eventId)
        .bind(2, json)
        .bind(3, static_cast<std::int64_t>(input.seed))
        .bind(4, QString::fromUtf8(QJsonDocument(groups).toJson(QJsonDocument::Compact)))
        .run();
    const QString entered = isoUtc(d.now());
    sqlite::Statement score(d.db, "INSERT INTO play_scores (event_id, game, unit_a, unit_b, points_a, "
                                  "points_b, twenties_a, twenties_b, shoot_out, entered) "
                                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const auto& [key, s] : input.scores) {
        const auto sides = input.enteredFor.find(key);
        score.reset();
        score.bind(1, eventId)
            .bind(2, keyText(key))
            .bind(3, sides == input.enteredFor.end() ? play::UnitId() : sides->second.first)
            .bind(4, sides == input.enteredFor.end() ? play::UnitId() : sides->second.second)
            .bind(5, s.pointsA)
            .bind(6, s.pointsB)
            .bind(7, s.twentiesA)
            .bind(8, s.twentiesB)
            .bind(9, sideWord(s.shootOutWinner))
            .bind(10, entered)
            .run();
    }
    sqlite::Statement shootOut(
        d.db, "INSERT INTO play_shoot_outs (event_id, stage, group_index, units) VALUES (?, ?, ?, ?)");
    for (const play::ShootOutOrder& order : input.shootOuts) {
        if (order.order.empty())
            continue;
        shootOut.reset();
        shootOut.bind(1, eventId)
            .bind(2, order.stage)
            .bind(3, order.group)
            .bind(4, QString::fromUtf8(QJsonDocument(unitsJson(order.order)).toJson(QJsonDocument::Compact)))
            .run();
    }
    sqlite::Statement withdrawal(
        d.db, "INSERT INTO play_withdrawals (event_id, unit, stage, round) VALUES (?, ?, ?, ?)");
    for (const play::Withdrawal& w : input.withdrawals) {
        withdrawal.reset();
        withdrawal.bind(1, eventId).bind(2, w.unit).bind(3, w.stage).bind(4, w.round).run();
    }
    sqlite::Statement place(d.db,
                            "INSERT INTO play_places (event_id, unit, place, reason) VALUES (?, ?, ?, ?)");
    for (const play::HandPlace& hand : input.handPlaces) {
        const QString reason = QString::fromStdString(hand.reason).trimmed();
        // DECISIONS G6: a place changed by hand needs a reason.
        if (reason.isEmpty())
            refuse(playTr("The place %1 set by hand for entrant %2 has no reason.")
                       .arg(hand.place)
                       .arg(QString::fromStdString(hand.unit)));
        place.reset();
        place.bind(1, eventId).bind(2, hand.unit).bind(3, hand.place).bind(4, reason).run();
    }
    QJsonObject details;
    details.insert(QStringLiteral("format"), QJsonDocument::fromJson(json.toUtf8()).object());
    details.insert(QStringLiteral("seed"), QString::number(input.seed));
    details.insert(QStringLiteral("scores"), static_cast<int>(input.scores.size()));
    d.audit(QStringLiteral("play-import"), eventId, details);
    d.touched(StoreChange::of(StoreChange::Play, eventId));
}

} // namespace flickdesk::core
