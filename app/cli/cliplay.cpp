// flickdesk-cli play: the day of play of an event in a database, from the command line (issue 28,
// docs/play.md "From the command line"): its format, the round's draw, scores from a CSV file, the
// standings and the places, which --apply writes as the event's standings (and with
// --rate-from-games its games); the next stage started once the director has checked who goes on
// (advance, --undo until its first score); a shoot-out's order, a withdrawal during play and a place
// set by hand.

#include "cli/cliprivate.h"
#include "core/awards/monthlocks.h"
#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/play/playresults.h"
#include "core/store/store.h"
#include "flickdesk/engine/playday.h"

#include <QByteArray>
#include <QFileInfo>
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace flickdesk::core::cli_internal {
namespace {

namespace play = engine::play;

QString csvField(const QString& text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n'))
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QByteArray csvLine(const QStringList& fields)
{
    QStringList cells;
    for (const QString& field : fields)
        cells.append(csvField(field));
    return cells.join(u',').toUtf8() + '\n';
}

QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

// The open play of one event: the store, the units' ratings and the play computed.
struct OpenPlay {
    std::unique_ptr<Store> store;
    QString eventId;
    PlayRatings ratings;
    std::map<play::UnitId, QString> names;
};

// DECISIONS G4: the units' ratings from the event month's lock; when the lock cannot be had (a
// history that cannot be rated), the entrants' numbers in order, said on the error stream.
PlayRatings ratingsOf(Store& store, const QString& eventId, QTextStream& err)
{
    try {
        MonthLocks locks(store);
        return playRatings(store, locks, eventId);
    } catch (const StoreError& error) {
        err << Cli::tr("play: the month's ratings cannot be had (%1); the groups are seeded by entrant "
                       "number instead.\n")
                   .arg(error.message());
        PlayRatings ratings;
        for (const Entrant& entrant : store.entrants(eventId))
            ratings[entrant.number] = -static_cast<double>(entrant.number);
        return ratings;
    }
}

int refused(QTextStream& err, const QString& message)
{
    err << QStringLiteral("play: ") << message << u'\n';
    return cli_exit::inputDefects;
}

QString unitName(const OpenPlay& open, const play::UnitId& unit)
{
    const auto it = open.names.find(unit);
    return it == open.names.end() ? qs(unit) : it->second;
}

int runFormat(Invocation& call, OpenPlay& open)
{
    const std::optional<QString> name = call.arguments.value("--template");
    if (!name)
        return call.usage(Cli::tr("play format needs --template NAME (%1)")
                              .arg(playTemplateNames().join(QStringLiteral(", "))));
    const std::optional<play::Template> kind = playTemplateNamed(*name);
    if (!kind)
        return call.usage(Cli::tr("no template named '%1'; the templates are %2")
                              .arg(*name, playTemplateNames().join(QStringLiteral(", "))));
    int boards = 0;
    if (const auto text = call.arguments.value("--boards")) {
        bool ok = false;
        boards = text->toInt(&ok);
        if (!ok || boards < 0)
            return call.usage(Cli::tr("--boards takes a number of boards, 0 or more"));
    }
    std::uint64_t seed = 1;
    if (const auto text = call.arguments.value("--seed")) {
        bool ok = false;
        seed = text->toULongLong(&ok);
        if (!ok)
            return call.usage(Cli::tr("--seed takes a whole number"));
    }
    const std::vector<play::PlayUnit> units = open.store->playUnits(open.eventId, open.ratings);
    const play::Format format = play::makeTemplate(*kind, static_cast<int>(units.size()), boards);
    open.store->setPlayFormat(open.eventId, format, seed);
    QStringList stages;
    for (const play::Stage& stage : format.stages)
        stages.append(qs(stage.name));
    call.out << Cli::tr("%1: %2 for %3 players or teams: %4.\n")
                    .arg(open.eventId, qs(format.name))
                    .arg(units.size())
                    .arg(stages.join(QStringLiteral(", ")));
    return cli_exit::ok;
}

int runDraw(Invocation& call, OpenPlay& open, const play::PlayState& state)
{
    QByteArray bytes = csvLine({QStringLiteral("game"), QStringLiteral("stage"), QStringLiteral("group"),
                                QStringLiteral("round"), QStringLiteral("board"), QStringLiteral("wave"),
                                QStringLiteral("a"), QStringLiteral("a_name"), QStringLiteral("b"),
                                QStringLiteral("b_name")});
    for (const play::PlayGame* game : state.waitingGames()) {
        bytes += csvLine({qs(play::gameKeyText(game->key)), QString::number(game->key.stage + 1),
                          qs(state.stages[static_cast<std::size_t>(game->key.stage)]
                                 .groups[static_cast<std::size_t>(game->key.group)]
                                 .name),
                          QString::number(game->key.round + 1), QString::number(game->board),
                          QString::number(game->wave), qs(game->a), unitName(open, game->a), qs(game->b),
                          unitName(open, game->b)});
    }
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

int runStandingsOf(Invocation& call, OpenPlay& open, const play::PlayState& state)
{
    QByteArray bytes = csvLine({QStringLiteral("stage"), QStringLiteral("group"), QStringLiteral("position"),
                                QStringLiteral("unit"), QStringLiteral("name"), QStringLiteral("points"),
                                QStringLiteral("twenties"), QStringLiteral("games"), QStringLiteral("wins"),
                                QStringLiteral("draws"), QStringLiteral("losses"), QStringLiteral("reason")});
    for (const play::PlayStage& stage : state.stages) {
        for (const play::PlayGroup& group : stage.groups) {
            for (const play::StandingRow& row : group.standings.rows)
                bytes += csvLine({QString::number(stage.index + 1), qs(group.name),
                                  QString::number(row.position), qs(row.unit), unitName(open, row.unit),
                                  QString::number(row.points), QString::number(row.twenties),
                                  QString::number(row.games), QString::number(row.wins),
                                  QString::number(row.draws), QString::number(row.losses), qs(row.reason)});
            for (std::size_t i = 0; i < group.playoffOrder.size(); ++i)
                bytes += csvLine({QString::number(stage.index + 1),
                                  qs(group.name),
                                  QString::number(i + 1),
                                  qs(group.playoffOrder[i]),
                                  unitName(open, group.playoffOrder[i]),
                                  {},
                                  {},
                                  {},
                                  {},
                                  {},
                                  {},
                                  i < group.playoffReasons.size() ? qs(group.playoffReasons[i]) : QString()});
        }
    }
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

int runPlaces(Invocation& call, OpenPlay& open, const play::PlayState& state)
{
    if (call.has("--apply")) {
        // DECISIONS G8, N3: the event is rated from its places, or from its games when the director
        // chooses them (never both: an event with games is rated from them). The games are had
        // before anything is written, so that a day that is not finished writes nothing.
        const std::optional<EventRecord> event = open.store->event(open.eventId);
        const bool fromGames = call.has("--rate-from-games");
        const std::vector<GameRecord> games =
            fromGames && event ? playGameRecords(event->units, state) : std::vector<GameRecord>{};
        // Places and games in one transaction: either both are written or neither.
        const bool replaceGames = fromGames || (event && !event->games.empty());
        applyPlayPlaces(*open.store, open.eventId, state, replaceGames ? std::optional(games) : std::nullopt);
        call.err << Cli::tr("%1: %2 places written as the event's standings.\n")
                        .arg(open.eventId)
                        .arg(state.places.size());
        if (replaceGames) {
            if (fromGames)
                call.err << Cli::tr("%1: %2 games written; the event is rated from its games.\n")
                                .arg(open.eventId)
                                .arg(games.size());
            else
                call.err << Cli::tr("%1: its %2 games from before removed; the event is rated from its "
                                    "places.\n")
                                .arg(open.eventId)
                                .arg(event->games.size());
        }
    }
    QByteArray bytes = csvLine({QStringLiteral("place"), QStringLiteral("unit"), QStringLiteral("name"),
                                QStringLiteral("rule"), QStringLiteral("final")});
    for (const play::Place& place : state.places)
        bytes += csvLine({QString::number(place.place), qs(place.unit), unitName(open, place.unit),
                          qs(place.rule), state.placesFinal ? QStringLiteral("yes") : QStringLiteral("no")});
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

// One row of a scores file: the field it failed on and why.
struct RowProblem {
    QString field;
    QString message;
};

int runScores(Invocation& call, OpenPlay& open, const QString& path)
{
    const BoundedFile file = readBoundedFile(path, file_limits::csvFile);
    if (!file.ok())
        return refused(call.err, path + QStringLiteral(": ") + file.problem);
    const std::string text = file.bytes.toStdString();
    csv::CsvParser parser(text);
    csv::CsvRecord header;
    const QString fileName = QFileInfo(path).fileName();
    if (!parser.next(header) || !header.error.empty())
        return refused(call.err, Cli::tr("%1, line 1: expected a header line such as "
                                         "game,points_a,points_b,twenties_a,twenties_b")
                                     .arg(fileName));
    std::map<QString, int> columns;
    for (std::size_t i = 0; i < header.fields.size(); ++i)
        columns[qs(header.fields[i]).trimmed().toLower()] = static_cast<int>(i);
    for (const char* needed : {"points_a", "points_b", "twenties_a", "twenties_b"}) {
        if (!columns.contains(QLatin1String(needed)))
            return refused(call.err, Cli::tr("%1, line %2: no column %3")
                                         .arg(fileName)
                                         .arg(header.line)
                                         .arg(QLatin1String(needed)));
    }
    const bool byKey = columns.contains(QStringLiteral("game"));
    if (!byKey && (!columns.contains(QStringLiteral("round")) || !columns.contains(QStringLiteral("board"))))
        return refused(call.err,
                       Cli::tr("%1, line %2: a game is named by a column game, or by round and board")
                           .arg(fileName)
                           .arg(header.line));
    int recorded = 0;
    int unchanged = 0;
    csv::CsvRecord record;
    while (parser.next(record)) {
        const auto field = [&](const char* name) -> QString {
            const auto it = columns.find(QLatin1String(name));
            if (it == columns.end() || it->second >= static_cast<int>(record.fields.size()))
                return {};
            return qs(record.fields[static_cast<std::size_t>(it->second)]).trimmed();
        };
        const auto fail = [&](const QString& column, const QString& message) {
            call.err
                << Cli::tr("play: %1, line %2, %3: %4\n").arg(fileName).arg(record.line).arg(column, message);
            call.err << Cli::tr(
                            "play: %1 scores were recorded before line %2 (each row is its own entry); the "
                            "rows from line %2 on were not.\n")
                            .arg(recorded)
                            .arg(record.line);
            return cli_exit::inputDefects;
        };
        if (!record.error.empty())
            return fail(Cli::tr("the row"), qs(record.error));
        // The play as stored so far: a later stage is drawn once the scores before it are in.
        const play::PlayInput input = open.store->playInput(open.eventId, open.ratings);
        const play::PlayState state = play::computePlay(input);
        play::GameKey key;
        if (byKey) {
            const auto parsed = play::parseGameKey(field("game").toStdString());
            if (!parsed)
                return fail(QStringLiteral("game"),
                            Cli::tr("'%1' is not a game such as s0.g0.r0.m0.n0").arg(field("game")));
            key = *parsed;
        } else {
            bool okRound = false;
            bool okBoard = false;
            const int round = field("round").toInt(&okRound);
            const int board = field("board").toInt(&okBoard);
            if (!okRound || round < 1)
                return fail(QStringLiteral("round"),
                            Cli::tr("'%1' is not a round (1 or more)").arg(field("round")));
            if (!okBoard || board < 1)
                return fail(QStringLiteral("board"),
                            Cli::tr("'%1' is not a board (1 or more)").arg(field("board")));
            // A game waiting on that board in that round; else one scored there already (a file read
            // again after a fix), of the latest stage.
            const play::PlayGame* found = nullptr;
            for (const play::PlayGame* game : state.waitingGames()) {
                if (game->key.round == round - 1 && game->board == board)
                    found = game;
            }
            for (auto stage = state.stages.rbegin(); !found && stage != state.stages.rend(); ++stage) {
                for (const play::PlayGroup& group : stage->groups) {
                    for (const play::PlayGame& game : group.games) {
                        if (!found && game.state == play::GameState::Scored && game.key.round == round - 1 &&
                            game.board == board)
                            found = &game;
                    }
                }
            }
            if (!found)
                return fail(
                    QStringLiteral("board"),
                    Cli::tr("no game waits for a score on board %1 in round %2").arg(board).arg(round));
            key = found->key;
        }
        play::Score score;
        const std::pair<const char*, int*> numbers[] = {{"points_a", &score.pointsA},
                                                        {"points_b", &score.pointsB},
                                                        {"twenties_a", &score.twentiesA},
                                                        {"twenties_b", &score.twentiesB}};
        for (const auto& [name, value] : numbers) {
            bool ok = false;
            *value = field(name).toInt(&ok);
            if (!ok || *value < 0)
                return fail(QLatin1String(name), Cli::tr("'%1' is not a number 0 or more").arg(field(name)));
        }
        const QString shootOut = field("shoot_out").toUpper();
        if (shootOut == QLatin1String("A"))
            score.shootOutWinner = play::Side::A;
        else if (shootOut == QLatin1String("B"))
            score.shootOutWinner = play::Side::B;
        else if (!shootOut.isEmpty())
            return fail(QStringLiteral("shoot_out"), Cli::tr("'%1' is not A or B").arg(shootOut));
        const auto stored = input.scores.find(key);
        if (stored != input.scores.end() && stored->second == score) {
            ++unchanged; // the file read again after a fix: the rows stored already are skipped
            continue;
        }
        try {
            open.store->recordScore(open.eventId, open.ratings, key, score);
        } catch (const StoreError& error) {
            if (error.kind() != StoreError::Kind::Refused)
                throw;
            return fail(Cli::tr("the score"), error.message());
        }
        ++recorded;
    }
    call.out
        << Cli::tr("%1: %2 scores recorded, %3 already stored.\n").arg(fileName).arg(recorded).arg(unchanged);
    return cli_exit::ok;
}

// ---- the edits of the day from the command line: a shoot-out's order (DECISIONS G2), a withdrawal
// during play (G7) and a place set by hand (G6). Each checks what the director typed against the play
// as stored, says in words why it cannot be, and then writes nothing.

// "Player 7 (entrant 7)": how a message names a unit.
QString unitLabel(const OpenPlay& open, const play::UnitId& unit)
{
    const QString name = unitName(open, unit);
    return name == qs(unit) ? Cli::tr("entrant %1").arg(name)
                            : Cli::tr("%1 (entrant %2)").arg(name, qs(unit));
}

// The unit the director typed: an entrant number of the play; nothing, with `problem` said, else.
std::optional<play::UnitId> unitTyped(const OpenPlay& open, const QString& typed, QString& problem)
{
    bool ok = false;
    const int number = typed.trimmed().toInt(&ok);
    if (ok) {
        const play::UnitId unit = std::to_string(number);
        if (open.names.contains(unit))
            return unit;
    }
    problem = Cli::tr("'%1' is not a player or team of the play of %2: a unit is named by its entrant "
                      "number, one of the %3 entrants that began")
                  .arg(typed, open.eventId)
                  .arg(open.names.size());
    return std::nullopt;
}

// The stage the director typed (--stage, from 1) among the stages drawn so far: its index.
std::optional<int> stageTyped(const QString& typed, const play::PlayState& state, QString& problem)
{
    bool ok = false;
    const int stage = typed.trimmed().toInt(&ok);
    if (ok && stage >= 1 && stage <= static_cast<int>(state.stages.size()))
        return stage - 1;
    problem =
        state.stages.size() == 1
            ? Cli::tr("--stage %1: the play has stage 1 only so far").arg(typed)
            : Cli::tr("--stage %1: the play has stages 1 to %2 so far").arg(typed).arg(state.stages.size());
    return std::nullopt;
}

// The group the director typed (--group: its name, as `play draw` writes it, or its number from 1)
// in `stage`: its index.
std::optional<int> groupTyped(const QString& typed, const play::PlayStage& stage, QString& problem)
{
    QStringList names;
    for (std::size_t i = 0; i < stage.groups.size(); ++i) {
        const QString name = qs(stage.groups[i].name);
        names.append(name);
        if (name.compare(typed.trimmed(), Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    bool ok = false;
    const int number = typed.trimmed().toInt(&ok);
    if (ok && number >= 1 && number <= static_cast<int>(stage.groups.size()))
        return number - 1;
    problem = Cli::tr("--group %1: stage %2 has no such group; its groups are %3")
                  .arg(typed)
                  .arg(stage.index + 1)
                  .arg(names.join(QStringLiteral(", ")));
    return std::nullopt;
}

// Where a shoot-out's order is recorded, in words: a group of a stage, or its ranking across groups.
QString shootOutPlace(const play::PlayState& state, int stage, int group)
{
    const play::PlayStage& played = state.stages[static_cast<std::size_t>(stage)];
    if (group < 0 || group >= static_cast<int>(played.groups.size()))
        return Cli::tr("the ranking across the groups of stage %1").arg(stage + 1);
    return Cli::tr("%1 of stage %2")
        .arg(qs(played.groups[static_cast<std::size_t>(group)].name))
        .arg(stage + 1);
}

QString unitList(const OpenPlay& open, const std::vector<play::UnitId>& units)
{
    QStringList labels;
    for (const play::UnitId& unit : units)
        labels.append(unitLabel(open, unit));
    return labels.join(QStringLiteral(", "));
}

// `play shoot-out DB EVENT --stage S [--group G] UNIT,UNIT,...`: the order of a shoot-out that broke a
// tie the standings cannot (DECISIONS G2), best first; `--clear` removes the stage's (group's) order.
int runShootOut(Invocation& call, OpenPlay& open, const play::PlayInput& input, const play::PlayState& state)
{
    const std::optional<QString> stageText = call.arguments.value("--stage");
    QString problem;
    const std::optional<int> stage = stageTyped(*stageText, state, problem);
    if (!stage)
        return refused(call.err, Cli::tr("shoot-out: %1. Nothing was changed.").arg(problem));
    const play::PlayStage& played = state.stages[static_cast<std::size_t>(*stage)];
    std::optional<int> group;
    if (const auto groupText = call.arguments.value("--group")) {
        group = groupTyped(*groupText, played, problem);
        if (!group)
            return refused(call.err, Cli::tr("shoot-out: %1. Nothing was changed.").arg(problem));
    }
    const auto storedOrder = [&](int where) -> const play::ShootOutOrder* {
        for (const play::ShootOutOrder& order : input.shootOuts)
            if (order.stage == *stage && order.group == where && !order.order.empty())
                return &order;
        return nullptr;
    };

    if (call.has("--clear")) {
        // Without --group: the stage's one recorded order.
        std::vector<int> recorded;
        for (const play::ShootOutOrder& order : input.shootOuts)
            if (order.stage == *stage && !order.order.empty() && (!group || order.group == *group) &&
                std::find(recorded.begin(), recorded.end(), order.group) == recorded.end())
                recorded.push_back(order.group);
        if (recorded.empty())
            return refused(call.err, Cli::tr("shoot-out --clear: no shoot-out's order is recorded for %1. "
                                             "Nothing was changed.")
                                         .arg(group ? shootOutPlace(state, *stage, *group)
                                                    : Cli::tr("stage %1").arg(*stage + 1)));
        if (recorded.size() > 1) {
            QStringList places;
            for (int where : recorded)
                places.append(shootOutPlace(state, *stage, where));
            return refused(call.err, Cli::tr("shoot-out --clear: stage %1 has orders recorded for %2; say "
                                             "which with --group. Nothing was changed.")
                                         .arg(*stage + 1)
                                         .arg(places.join(QStringLiteral(", "))));
        }
        const int where = recorded.front();
        open.store->setShootOut(open.eventId, {*stage, where, {}});
        call.out << Cli::tr("%1: the shoot-out's order of %2 removed; the ties it broke are open again.\n")
                        .arg(open.eventId, shootOutPlace(state, *stage, where));
        return cli_exit::ok;
    }

    // The units typed, best first: entrant numbers of the play, each once, two or more.
    std::vector<play::UnitId> given;
    for (const QString& typed : call.arguments.positional[3].split(u',')) {
        const std::optional<play::UnitId> unit = unitTyped(open, typed, problem);
        if (!unit)
            return refused(call.err, Cli::tr("shoot-out: %1. Nothing was changed.").arg(problem));
        if (std::find(given.begin(), given.end(), *unit) != given.end())
            return refused(call.err, Cli::tr("shoot-out: %1 is named twice in %2; each unit is named once, "
                                             "best first. Nothing was changed.")
                                         .arg(unitLabel(open, *unit), call.arguments.positional[3]));
        given.push_back(*unit);
    }
    if (given.size() < 2)
        return refused(call.err, Cli::tr("shoot-out: '%1' names one unit; a shoot-out orders the two or "
                                         "more units of a tie, best first. Nothing was changed.")
                                     .arg(call.arguments.positional[3]));
    const auto sameUnits = [&given](const std::vector<play::UnitId>& units) {
        return units.size() == given.size() &&
               std::all_of(given.begin(), given.end(), [&units](const play::UnitId& unit) {
                   return std::find(units.begin(), units.end(), unit) != units.end();
               });
    };

    // The tie the order breaks: one of the stage's (a group's, or the ranking across its groups);
    // else an order recorded before that holds every unit typed (a correction).
    std::vector<play::UnresolvedTie> ties = played.ties;
    ties.insert(ties.end(), state.blockingTies.begin(), state.blockingTies.end());
    ties.insert(ties.end(), state.placeTies.begin(), state.placeTies.end());
    std::optional<int> where;
    QStringList level;
    for (const play::UnresolvedTie& tie : ties) {
        if (tie.stage != *stage || (group && tie.group != *group))
            continue;
        if (!where && sameUnits(tie.units))
            where = tie.group;
        const QString line = Cli::tr("%1 for places %2 to %3 in %4")
                                 .arg(unitList(open, tie.units))
                                 .arg(tie.firstPosition)
                                 .arg(tie.lastPosition)
                                 .arg(shootOutPlace(state, *stage, tie.group));
        if (!level.contains(line))
            level.append(line);
    }
    for (const play::ShootOutOrder& order : input.shootOuts) {
        if (where || order.stage != *stage || (group && order.group != *group))
            continue;
        if (std::all_of(given.begin(), given.end(), [&order](const play::UnitId& unit) {
                return std::find(order.order.begin(), order.order.end(), unit) != order.order.end();
            }))
            where = order.group;
    }
    if (!where) {
        const QString place =
            group ? shootOutPlace(state, *stage, *group) : Cli::tr("stage %1").arg(*stage + 1);
        return refused(
            call.err, (level.isEmpty()
                           ? Cli::tr("shoot-out: %1 are not level on everything in %2, and nothing there is: "
                                     "a shoot-out's order breaks a tie the standings cannot. Nothing was "
                                     "changed.")
                                 .arg(unitList(open, given), place)
                           : Cli::tr("shoot-out: %1 are not level on everything in %2: a shoot-out's order "
                                     "names exactly the units of a tie. Level there now: %3. Nothing was "
                                     "changed.")
                                 .arg(unitList(open, given), place, level.join(QStringLiteral("; ")))));
    }

    // An order recorded for the same place before (another tie) is kept: the new one holds both, the
    // units typed last in the order typed (as the window records it).
    play::ShootOutOrder order{*stage, *where, {}};
    if (const play::ShootOutOrder* earlier = storedOrder(*where))
        for (const play::UnitId& unit : earlier->order)
            if (std::find(given.begin(), given.end(), unit) == given.end())
                order.order.push_back(unit);
    order.order.insert(order.order.end(), given.begin(), given.end());
    open.store->setShootOut(open.eventId, order);

    const play::PlayState after = play::computePlay(open.store->playInput(open.eventId, open.ratings));
    call.out << Cli::tr("%1: shoot-out's order recorded for %2: %3.\n")
                    .arg(open.eventId, shootOutPlace(state, *stage, *where), unitList(open, given));
    if (!after.blockingTies.empty())
        call.out << Cli::tr("Still level, and it decides who goes on: %1.\n")
                        .arg(unitList(open, after.blockingTies.front().units));
    else if (!after.waitingGames().empty())
        call.out << Cli::tr("The day goes on: %1 games wait for a score.\n").arg(after.waitingGames().size());
    return cli_exit::ok;
}

// The number of rounds of a drawn stage (a playoff's: its bracket's rounds).
int roundsOf(const play::PlayStage& stage)
{
    int rounds = 0;
    for (const play::PlayGroup& group : stage.groups)
        for (const play::PlayGame& game : group.games)
            rounds = std::max(rounds, game.key.round + 1);
    return rounds;
}

// `play withdraw DB EVENT UNIT --stage S --round R`: the unit leaves during play (DECISIONS G7); its
// games from that round on are walkovers and it keeps a place (P3). `--clear` takes it back.
int runWithdraw(Invocation& call, OpenPlay& open, const play::PlayInput& input, const play::PlayState& state)
{
    QString problem;
    const std::optional<play::UnitId> unit = unitTyped(open, call.arguments.positional[3], problem);
    if (!unit)
        return refused(call.err, Cli::tr("withdraw: %1. Nothing was changed.").arg(problem));
    const auto earlier = std::find_if(input.withdrawals.begin(), input.withdrawals.end(),
                                      [&unit](const play::Withdrawal& w) { return w.unit == *unit; });
    if (call.has("--clear")) {
        if (earlier == input.withdrawals.end())
            return refused(call.err, Cli::tr("withdraw --clear: %1 has not withdrawn. Nothing was changed.")
                                         .arg(unitLabel(open, *unit)));
        open.store->clearWithdrawal(open.eventId, *unit);
        call.out << Cli::tr(
                        "%1: %2 plays again; its games from stage %3, round %4 on wait for their scores.\n")
                        .arg(open.eventId, unitLabel(open, *unit))
                        .arg(earlier->stage + 1)
                        .arg(earlier->round + 1);
        return cli_exit::ok;
    }
    const std::optional<QString> stageText = call.arguments.value("--stage");
    const std::optional<QString> roundText = call.arguments.value("--round");
    // The stage: one of the format's, drawn or not yet (a unit may leave before the finals).
    bool ok = false;
    const int stage = stageText->trimmed().toInt(&ok) - 1;
    const int stages = static_cast<int>(input.format.stages.size());
    if (!ok || stage < 0 || stage >= stages)
        return refused(call.err, Cli::tr("withdraw: --stage %1: the format of %2 has stages 1 to %3. Nothing "
                                         "was changed.")
                                     .arg(*stageText, open.eventId)
                                     .arg(stages));
    const int round = roundText->trimmed().toInt(&ok) - 1;
    if (!ok || round < 0)
        return refused(
            call.err,
            Cli::tr("withdraw: --round %1 is not a round (1 or more). Nothing was changed.").arg(*roundText));
    if (stage < static_cast<int>(state.stages.size())) {
        const play::PlayStage& played = state.stages[static_cast<std::size_t>(stage)];
        const int rounds = roundsOf(played);
        if (round >= rounds)
            return refused(call.err, Cli::tr("withdraw: --round %1: stage %2 has rounds 1 to %3. Nothing was "
                                             "changed.")
                                         .arg(*roundText)
                                         .arg(stage + 1)
                                         .arg(rounds));
        if (std::find(played.entrants.begin(), played.entrants.end(), *unit) == played.entrants.end())
            return refused(call.err, Cli::tr("withdraw: %1 does not play in stage %2, so it cannot withdraw "
                                             "from it. Nothing was changed.")
                                         .arg(unitLabel(open, *unit))
                                         .arg(stage + 1));
    }
    // A score stored from that round on would be set aside: the unit withdraws after its last score.
    for (const play::PlayStage& played : state.stages)
        for (const play::PlayGroup& group : played.groups)
            for (const play::PlayGame& game : group.games) {
                if (game.state != play::GameState::Scored || (game.a != *unit && game.b != *unit) ||
                    std::pair(game.key.stage, game.key.round) < std::pair(stage, round))
                    continue;
                return refused(
                    call.err,
                    Cli::tr(
                        "withdraw: %1 has a score in stage %2, round %3 (against %4); it withdraws from a "
                        "round after its last score. Nothing was changed.")
                        .arg(unitLabel(open, *unit))
                        .arg(game.key.stage + 1)
                        .arg(game.key.round + 1)
                        .arg(unitLabel(open, game.a == *unit ? game.b : game.a)));
            }
    open.store->setWithdrawal(open.eventId, {*unit, stage, round});
    const play::PlayState after = play::computePlay(open.store->playInput(open.eventId, open.ratings));
    int walkovers = 0;
    for (const play::PlayStage& played : after.stages)
        for (const play::PlayGroup& group : played.groups)
            for (const play::PlayGame& game : group.games)
                if (game.state == play::GameState::Walkover && (game.a == *unit || game.b == *unit))
                    ++walkovers;
    call.out << Cli::tr("%1: %2 withdrew from stage %3, round %4 on; %5 of its games are walkovers, and it "
                        "keeps a place.\n")
                    .arg(open.eventId, unitLabel(open, *unit))
                    .arg(stage + 1)
                    .arg(round + 1)
                    .arg(walkovers);
    return cli_exit::ok;
}

// `play place DB EVENT UNIT PLACE --reason TEXT`: a place set by hand against the play, with its reason
// (DECISIONS G6); `--clear` gives the unit its place from the play again.
int runHandPlace(Invocation& call, OpenPlay& open, const play::PlayInput& input)
{
    const QStringList& positional = call.arguments.positional;
    QString problem;
    const std::optional<play::UnitId> unit = unitTyped(open, positional[3], problem);
    if (!unit)
        return refused(call.err, Cli::tr("place: %1. Nothing was changed.").arg(problem));
    if (call.has("--clear")) {
        if (std::none_of(input.handPlaces.begin(), input.handPlaces.end(),
                         [&unit](const play::HandPlace& hand) { return hand.unit == *unit; }))
            return refused(call.err,
                           Cli::tr("place --clear: %1 has no place set by hand. Nothing was changed.")
                               .arg(unitLabel(open, *unit)));
        open.store->clearHandPlace(open.eventId, *unit);
        call.out << Cli::tr("%1: %2 has its place from the play again.\n")
                        .arg(open.eventId, unitLabel(open, *unit));
        return cli_exit::ok;
    }
    const std::optional<QString> reason = call.arguments.value("--reason");
    if (reason->trimmed().isEmpty())
        return refused(call.err, Cli::tr("place: the reason is empty; a place set by hand against the play "
                                         "says why (--reason \"...\"). Nothing was changed."));
    bool ok = false;
    const int place = positional[4].trimmed().toInt(&ok);
    const int count = static_cast<int>(open.names.size());
    if (!ok || place < 1 || place > count)
        return refused(call.err, Cli::tr("place: '%1' is not a place of the play of %2: the places are 1 to "
                                         "%3. Nothing was changed.")
                                     .arg(positional[4], open.eventId)
                                     .arg(count));
    for (const play::HandPlace& hand : input.handPlaces)
        if (hand.place == place && hand.unit != *unit)
            return refused(call.err,
                           Cli::tr("place: place %1 is set by hand for %2 already (%3); clear it first "
                                   "(play place %4 %5 %6 --clear). Nothing was changed.")
                               .arg(place)
                               .arg(unitLabel(open, hand.unit), qs(hand.reason), positional[1], open.eventId,
                                    qs(hand.unit)));
    open.store->setHandPlace(open.eventId, {*unit, place, reason->trimmed().toStdString()});
    call.out << Cli::tr("%1: %2 has place %3, set by hand: %4.\n")
                    .arg(open.eventId, unitLabel(open, *unit))
                    .arg(place)
                    .arg(reason->trimmed());
    return cli_exit::ok;
}

// Issue 28 item 5: the next stage, shown as a preview once the stage before is complete, started
// (its games take scores from now on), or with --undo the last stage started taken back to a
// preview (refused once it has a score). Writes who goes on where, and why, as CSV.
int runAdvance(Invocation& call, OpenPlay& open)
{
    const bool undo = call.has("--undo");
    play::PlayState state = play::computePlay(open.store->playInput(open.eventId, open.ratings));
    if (state.problem)
        return refused(call.err, qs(*state.problem));
    const play::Format format = open.store->playSetup(open.eventId)->format;
    int stage = 0;
    if (undo) {
        stage = open.store->playSetup(open.eventId)->stagesStarted - 1;
        if (stage < 1)
            return refused(call.err, Cli::tr("only the first stage has started: there is no advancement to "
                                             "take back"));
        open.store->undoPlayStageStart(open.eventId, stage);
        call.err << Cli::tr("%1: %2 taken back; it starts again with play advance.\n")
                        .arg(open.eventId, qs(format.stages[static_cast<std::size_t>(stage)].name));
    } else {
        stage = state.awaitingStart;
        if (stage < 1)
            return refused(call.err,
                           state.blockingTies.empty()
                               ? Cli::tr("no stage waits to start: the stage before is not complete")
                               : Cli::tr("a tie decides who goes on: record the shoot-out's order first"));
        open.store->startPlayStage(open.eventId, open.ratings, stage);
        call.err << Cli::tr("%1: %2 started.\n")
                        .arg(open.eventId, qs(format.stages[static_cast<std::size_t>(stage)].name));
    }
    state = play::computePlay(open.store->playInput(open.eventId, open.ratings));
    if (stage >= static_cast<int>(state.stages.size()))
        return writeOutput(call.out, call.err, call.name(), call.arguments, QByteArray());
    const play::PlayStage& before = state.stages[static_cast<std::size_t>(stage - 1)];
    std::map<play::UnitId, QString> why;
    for (std::size_t i = 0; i < before.order.size() && i < before.orderReasons.size(); ++i)
        why[before.order[i]] = qs(before.orderReasons[i]);
    QByteArray bytes = csvLine({QStringLiteral("stage"), QStringLiteral("group"), QStringLiteral("unit"),
                                QStringLiteral("name"), QStringLiteral("why"), QStringLiteral("started")});
    const play::PlayStage& next = state.stages[static_cast<std::size_t>(stage)];
    for (const play::PlayGroup& group : next.groups)
        for (const play::UnitId& unit : group.units)
            bytes += csvLine({QString::number(stage + 1), qs(group.name), qs(unit), unitName(open, unit),
                              why[unit], next.started ? QStringLiteral("yes") : QStringLiteral("no")});
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

} // namespace

int runPlay(Invocation& call)
{
    const QStringList& positional = call.arguments.positional;
    static const QStringList subcommands{
        QStringLiteral("format"),    QStringLiteral("draw"),     QStringLiteral("scores"),
        QStringLiteral("standings"), QStringLiteral("places"),   QStringLiteral("advance"),
        QStringLiteral("shoot-out"), QStringLiteral("withdraw"), QStringLiteral("place")};
    if (positional.isEmpty())
        return call.usage(Cli::tr("missing what to do: %1").arg(subcommands.join(QStringLiteral(", "))));
    const QString what = positional.first();
    if (!subcommands.contains(what))
        return call.usage(Cli::tr("unknown play command '%1'").arg(what));
    // The edits of the day (shoot-out, withdraw, place) take their own arguments; --clear takes one
    // fewer: there is nothing to set.
    const bool clear = call.has("--clear");
    qsizetype wanted = what == QLatin1String("scores") ? 4 : 3;
    QString needs = what == QLatin1String("scores") ? Cli::tr("play scores needs DB EVENT FILE.csv")
                                                    : Cli::tr("play %1 needs DB EVENT").arg(what);
    if (what == QLatin1String("shoot-out")) {
        wanted = clear ? 3 : 4;
        needs =
            clear ? Cli::tr("play shoot-out --clear needs DB EVENT --stage S [--group G]")
                  : Cli::tr("play shoot-out needs DB EVENT --stage S [--group G] UNIT,UNIT,... (best first)");
    } else if (what == QLatin1String("withdraw")) {
        wanted = 4;
        needs = Cli::tr("play withdraw needs DB EVENT UNIT --stage S --round R");
    } else if (what == QLatin1String("place")) {
        wanted = clear ? 4 : 5;
        needs = clear ? Cli::tr("play place --clear needs DB EVENT UNIT")
                      : Cli::tr("play place needs DB EVENT UNIT PLACE --reason TEXT");
    }
    if (positional.size() < wanted)
        return call.usage(needs);
    if (positional.size() > wanted)
        return call.usage(Cli::tr("unexpected argument '%1'").arg(positional[wanted]));
    if (call.has("--apply") && what != QLatin1String("places"))
        return call.usage(Cli::tr("--apply is for play places only"));
    if (call.has("--rate-from-games") && (what != QLatin1String("places") || !call.has("--apply")))
        return call.usage(Cli::tr("--rate-from-games is for play places --apply only"));
    if (clear && what != QLatin1String("shoot-out") && what != QLatin1String("withdraw") &&
        what != QLatin1String("place"))
        return call.usage(Cli::tr("--clear is for play shoot-out, withdraw and place only"));
    for (const char* option : {"--stage", "--group", "--round", "--reason"}) {
        const QLatin1String name(option);
        const bool takes = (what == QLatin1String("shoot-out") && name != QLatin1String("--round") &&
                            name != QLatin1String("--reason")) ||
                           (what == QLatin1String("withdraw") &&
                            (name == QLatin1String("--stage") || name == QLatin1String("--round"))) ||
                           (what == QLatin1String("place") && name == QLatin1String("--reason"));
        if (call.arguments.value(option) && !takes)
            return call.usage(Cli::tr("play %1 takes no %2").arg(what, name));
    }
    if (what == QLatin1String("shoot-out") && !call.arguments.value("--stage"))
        return call.usage(Cli::tr("play shoot-out needs --stage S, the stage of the tie (from 1)"));
    if (what == QLatin1String("withdraw") && clear &&
        (call.arguments.value("--stage") || call.arguments.value("--round")))
        return call.usage(Cli::tr("play withdraw --clear takes no --stage or --round"));
    if (what == QLatin1String("withdraw") && !clear &&
        (!call.arguments.value("--stage") || !call.arguments.value("--round")))
        return call.usage(Cli::tr("play withdraw needs --stage S and --round R, the first round the unit "
                                  "does not play (from 1)"));
    if (what == QLatin1String("place") && clear && call.arguments.value("--reason"))
        return call.usage(Cli::tr("play place --clear takes no --reason"));
    if (what == QLatin1String("place") && !clear && !call.arguments.value("--reason"))
        return call.usage(Cli::tr("play place needs --reason TEXT: a place set by hand against the play says "
                                  "why"));
    if (call.has("--undo") && what != QLatin1String("advance"))
        return call.usage(Cli::tr("--undo is for play advance only"));

    Arguments database;
    database.values[QStringLiteral("--db")] = positional[1];
    if (const auto output = call.arguments.value("--output"))
        database.values[QStringLiteral("--output")] = *output;
    if (const auto stop = refuseOutputOverDatabase(call.err, call.name(), database))
        return *stop;
    const bool writes = what == QLatin1String("format") || what == QLatin1String("scores") ||
                        what == QLatin1String("advance") || what == QLatin1String("shoot-out") ||
                        what == QLatin1String("withdraw") || what == QLatin1String("place") ||
                        call.has("--apply");
    int status = cli_exit::ok;
    OpenPlay open;
    open.store = openStore(database, call.name(), writes, call.err, status);
    if (!open.store)
        return status;
    open.eventId = positional[2];
    try {
        if (!open.store->event(open.eventId))
            return refused(call.err, Cli::tr("there is no event %1 in %2").arg(open.eventId, positional[1]));
        open.ratings = ratingsOf(*open.store, open.eventId, call.err);
        for (const play::PlayUnit& unit : open.store->playUnits(open.eventId, open.ratings))
            open.names[unit.id] = qs(unit.name);
        if (what == QLatin1String("format"))
            return runFormat(call, open);
        if (what == QLatin1String("scores"))
            return runScores(call, open, positional[3]);
        if (what == QLatin1String("advance"))
            return runAdvance(call, open);
        const play::PlayInput input = open.store->playInput(open.eventId, open.ratings);
        const play::PlayState state = play::computePlay(input);
        if (state.problem)
            return refused(call.err, qs(*state.problem));
        if (what == QLatin1String("shoot-out"))
            return runShootOut(call, open, input, state);
        if (what == QLatin1String("withdraw"))
            return runWithdraw(call, open, input, state);
        if (what == QLatin1String("place"))
            return runHandPlace(call, open, input);
        if (what == QLatin1String("draw"))
            return runDraw(call, open, state);
        if (what == QLatin1String("standings"))
            return runStandingsOf(call, open, state);
        return runPlaces(call, open, state);
    } catch (const StoreError& error) {
        call.err << QStringLiteral("play: ") << error.message() << u'\n';
        if (error.kind() == StoreError::Kind::ReadOnly)
            return cli_exit::cannotWrite;
        return error.kind() == StoreError::Kind::Refused ? cli_exit::inputDefects : cli_exit::internalError;
    }
}

} // namespace flickdesk::core::cli_internal
