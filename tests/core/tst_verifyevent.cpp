// flickdesk-cli verify-event (DECISIONS G8): a submission written by the store from an awarded
// event agrees with itself; a place, a point or an index changed by hand, its checksum made to
// match so that only verify-event can catch it, is named; a file it cannot read ends with 2.
// A 24-player "NCA day" played in a real store (the engine's simulated day, entered score by score
// through the store) travels in the file: verify-event computes its play again and agrees, and names
// a place, a score, a board, a side, a hand-set place without reason and a point changed by hand;
// import-event stores the play, and the event rated from its games rates from them in `rate`.
#include "../common/storefixtures.h"
#include "cli/cli.h"
#include "clitestsupport.h"
#include "core/awards/awarding.h"
#include "core/awards/monthlocks.h"
#include "core/awards/tourpoints.h"
#include "core/formats/eventexchange.h"
#include "core/play/playresults.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// The file at `path` with its content changed by `edit` and its checksum made to match.
template <typename Edit> QByteArray edited(const QString& path, Edit edit)
{
    QJsonObject root = QJsonDocument::fromJson(readBytes(path)).object();
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    edit(content);
    root.insert(QStringLiteral("content"), content);
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

// Sets `key` of item `index` of the list `list` inside `parent`.
QJsonObject withItem(QJsonObject parent, const QString& list, qsizetype index, const QString& key,
                     const QJsonValue& value)
{
    QJsonArray items = parent.value(list).toArray();
    QJsonObject item = items.at(index).toObject();
    item.insert(key, value);
    items.replace(index, item);
    parent.insert(list, items);
    return parent;
}

} // namespace

class TestVerifyEvent : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void awardedSubmissionAgrees();
    void unawardedSubmissionAgrees();
    void olderLayoutAgrees();
    void catchesChangedPoints();
    void catchesChangedPlace();
    void catchesChangedIndex();
    void catchesMissingAward();
    void refusesUnreadableFile();
    void playSubmissionAgrees();
    void playFormatIsTheStores();
    void unawardedPlayAgrees();
    void catchesChangedPlayPlace();
    void catchesChangedPlayScore();
    void catchesImpossibleScore();
    void catchesChangedBoardAndSide();
    void catchesHandPlaceWithoutReason();
    void catchesChangedPlayPoints();
    void refusesUnknownPlayUnit();
    void fileWithoutPlayStillReads();
    void importStoresThePlay();
    void historyFolderRatesFromGames();

private:
    CliRun verify(const QByteArray& bytes, const QString& name);
    void playDay();
    QTemporaryDir temp_;
    QString db_;
    QString awarded_;   // WCC Singles 2016 (event 175, 58 players), awarded through the store
    QString unawarded_; // WCC Doubles 2016 (event 174), finished
    QString played_;    // a 24-player NCA day played in the store, rated from its games, awarded
    QString finished_;  // the same day exported before its award
    QString playEvent_;
    engine::play::PlayState playState_; // the store's play of it, computed after the last entry
};

namespace {

namespace play = engine::play;

// The index of the first game of the file's play that `take` accepts, or -1.
template <typename Take> qsizetype gameWhere(const QString& path, Take take)
{
    const QJsonArray games = QJsonDocument::fromJson(readBytes(path))
                                 .object()
                                 .value(QStringLiteral("content"))
                                 .toObject()
                                 .value(QStringLiteral("play"))
                                 .toObject()
                                 .value(QStringLiteral("games"))
                                 .toArray();
    for (qsizetype i = 0; i < games.size(); ++i)
        if (take(games.at(i).toObject()))
            return i;
    return -1;
}

// Sets `key` of content.play.<list>[index].
void setInPlay(QJsonObject& content, const QString& list, qsizetype index, const QString& key,
               const QJsonValue& value)
{
    QJsonObject playObject = content.value(QStringLiteral("play")).toObject();
    playObject = withItem(playObject, list, index, key, value);
    content.insert(QStringLiteral("play"), playObject);
}

QJsonValue playSection(const QString& path)
{
    return QJsonDocument::fromJson(readBytes(path))
        .object()
        .value(QStringLiteral("content"))
        .toObject()
        .value(QStringLiteral("play"));
}

} // namespace

void TestVerifyEvent::initTestCase()
{
    QVERIFY(temp_.isValid());
    const QString db = temp_.filePath(QStringLiteral("db.sqlite"));
    db_ = db;
    const CliRun imported =
        run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    {
        // The award as the store makes it: Tour points from the month's lock.
        core::StoreOptions options;
        options.path = db;
        const core::Store::OpenResult opened = core::Store::open(options);
        QVERIFY2(opened.store, qPrintable(opened.error));
        const core::HistoryFolder folder = opened.store->loadHistory();
        const QString eventId = QStringLiteral("175");
        const core::TourPoints points = core::computeTourPoints(
            folder, {}, [&eventId](const core::EventInfo& info) { return info.eventId == eventId; }, {}, 1);
        QVERIFY(points.defects.empty());
        QCOMPARE(points.events.size(), std::size_t{1});
        opened.store->award(eventId, core::awardRecordOf(folder, points.events.front(), points.locks));
    }
    awarded_ = temp_.filePath(QStringLiteral("175.json"));
    unawarded_ = temp_.filePath(QStringLiteral("174.json"));
    for (const auto& [id, path] :
         {std::pair{QStringLiteral("175"), awarded_}, std::pair{QStringLiteral("174"), unawarded_}}) {
        const CliRun exported =
            run({QStringLiteral("export-event"), id, QStringLiteral("-o"), path, QStringLiteral("--db"), db});
        QVERIFY2(exported.status == core::cli_exit::ok, qPrintable(exported.err));
    }
    playDay();
}

// A 24-player "NCA day" in the store of the history: entrants of the history, the format, a seed
// beyond a double's 53 bits, snake seeding on the month's lock (playRatings), a withdrawal during the
// pools, every score entered through the store as the desk enters it, a place set by hand; the places
// applied, the event finished, rated from its games and awarded, then exported.
void TestVerifyEvent::playDay()
{
    core::StoreOptions options;
    options.path = db_;
    const core::Store::OpenResult opened = core::Store::open(options);
    QVERIFY2(opened.store, qPrintable(opened.error));
    core::Store& store = *opened.store;
    playEvent_ = store.createEvent(draftOn(QStringLiteral("2026-03-14")));
    for (const QString& player : recentPlayers(store, 24))
        store.addEntrant(playEvent_, {player}, core::EntrantStatus::Started);
    store.setPlayFormat(playEvent_, play::makeTemplate(play::Template::NcaDay, 24, 8),
                        18446744073709551557ULL);
    core::MonthLocks locks(store);
    const core::PlayRatings ratings = core::playRatings(store, locks, playEvent_);
    const play::PlayInput before = store.playInput(playEvent_, ratings);
    const std::vector<play::Withdrawal> withdrawals{{QByteArrayLiteral("7").toStdString(), 1, 1}};
    const play::SimulatedDay day = play::simulateDay(before.format, before.units, before.seed, withdrawals);
    QVERIFY(day.state.finished && day.state.placesFinal);
    for (const play::Withdrawal& withdrawal : withdrawals)
        store.setWithdrawal(playEvent_, withdrawal);
    for (const play::ShootOutOrder& order : day.input.shootOuts)
        store.setShootOut(playEvent_, order);
    for (const auto& [key, score] : day.input.scores) {
        // Issue 28 item 5: each later stage started once the one before is complete, as the desk does.
        if (key.stage >= store.playSetup(playEvent_)->stagesStarted)
            store.startPlayStage(playEvent_, ratings, key.stage);
        store.recordScore(playEvent_, ratings, key, score);
    }
    // DECISIONS G6: the last two places swapped by the director, with the reason.
    const play::UnitId last = day.state.places.back().unit;
    store.setHandPlace(playEvent_, {last, 23, "the director's ruling on a late result"});
    playState_ = play::computePlay(store.playInput(playEvent_, ratings));
    QVERIFY(playState_.finished && playState_.placesFinal);
    QVERIFY(playState_.ignoredEntries.empty());
    core::applyPlayPlaces(store, playEvent_, playState_);
    store.setEventStatus(playEvent_, core::EventStatus::Finished);
    // DECISIONS N3, G8: rated from its games.
    store.setGames(playEvent_, core::playGameRecords(store.event(playEvent_)->units, playState_));
    // Exported once finished, before its award: seeded on the month's lock as stored.
    finished_ = temp_.filePath(QStringLiteral("dayfinished.json"));
    const CliRun unawarded = run({QStringLiteral("export-event"), playEvent_, QStringLiteral("-o"), finished_,
                                  QStringLiteral("--db"), db_});
    QVERIFY2(unawarded.status == core::cli_exit::ok, qPrintable(unawarded.err));
    core::awardEvent(locks, playEvent_);
    played_ = temp_.filePath(QStringLiteral("day.json"));
    const CliRun exported = run({QStringLiteral("export-event"), playEvent_, QStringLiteral("-o"), played_,
                                 QStringLiteral("--db"), db_});
    QVERIFY2(exported.status == core::cli_exit::ok, qPrintable(exported.err));
}

CliRun TestVerifyEvent::verify(const QByteArray& bytes, const QString& name)
{
    const QString path = temp_.filePath(name);
    if (!writeBytes(path, bytes))
        return {};
    return run({QStringLiteral("verify-event"), path});
}

void TestVerifyEvent::awardedSubmissionAgrees()
{
    const CliRun checked = run({QStringLiteral("verify-event"), awarded_});
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.out + checked.err));
    QVERIFY(checked.out.isEmpty());
    QVERIFY2(checked.err.contains(QLatin1String("event 175: the points of 58 players agree")),
             qPrintable(checked.err));
}

void TestVerifyEvent::unawardedSubmissionAgrees()
{
    const CliRun checked = run({QStringLiteral("verify-event"), unawarded_});
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.out + checked.err));
    QVERIFY2(checked.err.contains(QLatin1String("event 174 has no award")), qPrintable(checked.err));
}

void TestVerifyEvent::olderLayoutAgrees()
{
    // The same file as an older FlickDesk wrote it, without the locations: read and verified alike.
    const QByteArray bytes = edited(awarded_, [](QJsonObject& content) {
        QJsonObject event = content.value(QStringLiteral("event")).toObject();
        QVERIFY(event.contains(QStringLiteral("location")));
        event.remove(QStringLiteral("location"));
        content.insert(QStringLiteral("event"), event);
        QJsonArray field = content.value(QStringLiteral("field")).toArray();
        for (qsizetype i = 0; i < field.size(); ++i) {
            QJsonObject unit = field.at(i).toObject();
            QJsonArray players = unit.value(QStringLiteral("players")).toArray();
            for (qsizetype k = 0; k < players.size(); ++k) {
                QJsonObject player = players.at(k).toObject();
                player.remove(QStringLiteral("location"));
                players.replace(k, player);
            }
            unit.insert(QStringLiteral("players"), players);
            field.replace(i, unit);
        }
        content.insert(QStringLiteral("field"), field);
    });
    QVERIFY(!bytes.contains("\"location\""));
    const CliRun checked = verify(bytes, QStringLiteral("older.json"));
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.out + checked.err));
    QVERIFY(checked.out.isEmpty());
}

void TestVerifyEvent::catchesChangedPoints()
{
    QString playerId;
    double written = 0.0;
    const QByteArray bytes = edited(awarded_, [&](QJsonObject& content) {
        QJsonObject award = content.value(QStringLiteral("award")).toObject();
        const QJsonObject first = award.value(QStringLiteral("awards")).toArray().at(0).toObject();
        playerId = first.value(QStringLiteral("player_id")).toString();
        written = first.value(QStringLiteral("points")).toDouble() + 5.0;
        content.insert(QStringLiteral("award"),
                       withItem(award, QStringLiteral("awards"), 0, QStringLiteral("points"), written));
    });
    // The file is valid: import-event's reading accepts it, checksum included.
    QVERIFY(core::parseEventExchange(bytes, QStringLiteral("points.json")).defects.empty());
    const CliRun checked = verify(bytes, QStringLiteral("points.json"));
    QCOMPARE(checked.status, 1);
    const QStringList lines = checked.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.front().startsWith(QStringLiteral("award.awards: player %1 ").arg(playerId)),
             qPrintable(checked.out));
    QVERIFY2(lines.front().contains(QStringLiteral("the file says %1 points").arg(written, 0, 'g', 12)),
             qPrintable(checked.out));
    QVERIFY2(checked.err.contains(QLatin1String("1 difference")), qPrintable(checked.err));
}

void TestVerifyEvent::catchesChangedPlace()
{
    // The winner and the runner-up swapped in the field: the award no longer follows the places.
    qsizetype first = -1;
    qsizetype second = -1;
    const QByteArray bytes = edited(awarded_, [&](QJsonObject& content) {
        const QJsonArray field = content.value(QStringLiteral("field")).toArray();
        for (qsizetype i = 0; i < field.size(); ++i) {
            const int place = field.at(i).toObject().value(QStringLiteral("place")).toInt();
            if (place == 1)
                first = i;
            else if (place == 2)
                second = i;
        }
        content = withItem(content, QStringLiteral("field"), first, QStringLiteral("place"), 2);
        content = withItem(content, QStringLiteral("field"), second, QStringLiteral("place"), 1);
    });
    QVERIFY(first >= 0 && second >= 0);
    QVERIFY(core::parseEventExchange(bytes, QStringLiteral("place.json")).defects.empty());
    const CliRun checked = verify(bytes, QStringLiteral("place.json"));
    QCOMPARE(checked.status, 1);
    // Each of the two players: a place and points that differ from the award's.
    QVERIFY2(checked.out.count(QLatin1String("place 1 in the award, place 2 in the field")) == 1,
             qPrintable(checked.out));
    QVERIFY2(checked.out.count(QLatin1String("place 2 in the award, place 1 in the field")) == 1,
             qPrintable(checked.out));
    QVERIFY2(checked.out.count(QLatin1String("points, its lock gives")) == 2, qPrintable(checked.out));
}

void TestVerifyEvent::catchesChangedIndex()
{
    const QByteArray bytes = edited(awarded_, [](QJsonObject& content) {
        QJsonObject award = content.value(QStringLiteral("award")).toObject();
        award.insert(QStringLiteral("fsi"), award.value(QStringLiteral("fsi")).toDouble() + 0.25);
        content.insert(QStringLiteral("award"), award);
    });
    const CliRun checked = verify(bytes, QStringLiteral("fsi.json"));
    QCOMPARE(checked.status, 1);
    QVERIFY2(checked.out.startsWith(QLatin1String("award.fsi: the file says ")), qPrintable(checked.out));
    QCOMPARE(checked.out.count(u'\n'), 1);
}

void TestVerifyEvent::catchesMissingAward()
{
    // A player's award row taken out: named with the points the lock gives.
    QString playerId;
    const QByteArray bytes = edited(awarded_, [&](QJsonObject& content) {
        QJsonObject award = content.value(QStringLiteral("award")).toObject();
        QJsonArray awards = award.value(QStringLiteral("awards")).toArray();
        playerId = awards.last().toObject().value(QStringLiteral("player_id")).toString();
        awards.removeLast();
        award.insert(QStringLiteral("awards"), awards);
        content.insert(QStringLiteral("award"), award);
    });
    const CliRun checked = verify(bytes, QStringLiteral("missing.json"));
    QCOMPARE(checked.status, 1);
    QVERIFY2(checked.out.contains(QStringLiteral("player %1 ").arg(playerId)) &&
                 checked.out.contains(QLatin1String("has no award in the file")),
             qPrintable(checked.out));
}

void TestVerifyEvent::refusesUnreadableFile()
{
    // Not there.
    const CliRun missing = run({QStringLiteral("verify-event"), temp_.filePath(QStringLiteral("none.json"))});
    QCOMPARE(missing.status, core::cli_exit::inputDefects);
    QVERIFY(missing.out.isEmpty());
    // Changed without its checksum: refused as import-event refuses it, nothing compared.
    QByteArray bytes = readBytes(awarded_);
    const qsizetype at = bytes.indexOf("\"points\": ");
    QVERIFY(at > 0);
    bytes.insert(at + 10, "1");
    const CliRun changed = verify(bytes, QStringLiteral("unsummed.json"));
    QCOMPARE(changed.status, core::cli_exit::inputDefects);
    QVERIFY(changed.out.isEmpty());
    QVERIFY2(changed.err.contains(QLatin1String("nothing was verified")), qPrintable(changed.err));
    // Not JSON.
    const CliRun garbage = verify("{\"format\": ", QStringLiteral("garbage.json"));
    QCOMPARE(garbage.status, core::cli_exit::inputDefects);
}

void TestVerifyEvent::playSubmissionAgrees()
{
    const QJsonObject section = playSection(played_).toObject();
    QVERIFY(!section.isEmpty());
    // The seed as text: a uint64 does not survive a JSON double.
    QCOMPARE(section.value(QStringLiteral("seed")).toString(), QStringLiteral("18446744073709551557"));
    const QJsonArray games = section.value(QStringLiteral("games")).toArray();
    QVERIFY(games.size() > 60);
    const auto count = [&games](const char* state) {
        return std::count_if(games.begin(), games.end(), [state](const QJsonValue& game) {
            return game.toObject().value(QStringLiteral("state")).toString() == QLatin1String(state);
        });
    };
    QVERIFY(count("walkover") > 0); // unit 7 withdrew during the pools
    QCOMPARE(count("scored") + count("walkover") + count("bye"), games.size());
    QCOMPARE(section.value(QStringLiteral("places")).toArray().size(), 24);
    QCOMPARE(section.value(QStringLiteral("withdrawals")).toArray().size(), 1);
    QCOMPARE(section.value(QStringLiteral("hand_places")).toArray().size(), 1);
    QVERIFY(!section.value(QStringLiteral("standings")).toArray().isEmpty());
    QCOMPARE(section.value(QStringLiteral("ratings")).toArray().size(), 24);

    const CliRun checked = run({QStringLiteral("verify-event"), played_});
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.out + checked.err));
    QVERIFY(checked.out.isEmpty());
    QVERIFY2(checked.err.contains(
                 QStringLiteral("the places, the standings and the %1 games agree").arg(games.size())),
             qPrintable(checked.err));
    QVERIFY2(checked.err.contains(QLatin1String("the points of 24 players agree")), qPrintable(checked.err));
}

void TestVerifyEvent::unawardedPlayAgrees()
{
    // Without an award the first stage is seeded on the ratings the file gives: the same play.
    QCOMPARE(playSection(finished_).toObject().value(QStringLiteral("games")),
             playSection(played_).toObject().value(QStringLiteral("games")));
    const CliRun checked = run({QStringLiteral("verify-event"), finished_});
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.out + checked.err));
    QVERIFY(checked.out.isEmpty());
    QVERIFY2(checked.err.contains(QLatin1String("the places, the standings and the")) &&
                 checked.err.contains(QLatin1String("has no award")),
             qPrintable(checked.err));
    // A seeding rating changed by hand reseeds the groups: the draw no longer follows.
    const QByteArray bytes = edited(finished_, [](QJsonObject& content) {
        QJsonObject playObject = content.value(QStringLiteral("play")).toObject();
        QJsonArray ratings = playObject.value(QStringLiteral("ratings")).toArray();
        for (qsizetype i = 0; i < ratings.size(); ++i) {
            QJsonObject rating = ratings.at(i).toObject();
            rating.insert(QStringLiteral("rating"), -rating.value(QStringLiteral("rating")).toDouble());
            ratings.replace(i, rating);
        }
        playObject.insert(QStringLiteral("ratings"), ratings);
        content.insert(QStringLiteral("play"), playObject);
    });
    const CliRun reseeded = verify(bytes, QStringLiteral("dayreseeded.json"));
    QCOMPARE(reseeded.status, 1);
    QVERIFY2(reseeded.out.contains(QLatin1String("the play draws")), qPrintable(reseeded.out.left(2000)));
}

void TestVerifyEvent::playFormatIsTheStores()
{
    // The file's format object is the store's column (playFormatJson), every setting by name.
    for (const play::Template kind : {play::Template::NcaDay, play::Template::Wcc,
                                      play::Template::OneRoundRobin, play::Template::RandomThenTop8}) {
        play::Format format = play::makeTemplate(kind, 40, 12);
        format.stages.front().settings.seeding = play::Seeding::Random;
        format.stages.back().settings.level = play::LevelPlayoffGame::TwentiesShootOut;
        QCOMPARE(core::playFormatObject(format),
                 QJsonDocument::fromJson(core::playFormatJson(format)).object());
    }
}

void TestVerifyEvent::catchesChangedPlayPlace()
{
    // The winner and the runner-up swapped in the field: the play places them otherwise.
    QString first;
    QString second;
    const QByteArray bytes = edited(played_, [&](QJsonObject& content) {
        const QJsonArray field = content.value(QStringLiteral("field")).toArray();
        for (qsizetype i = 0; i < field.size(); ++i) {
            const QJsonObject unit = field.at(i).toObject();
            const int place = unit.value(QStringLiteral("place")).toInt();
            if (place == 1) {
                first = QString::number(unit.value(QStringLiteral("unit")).toInt());
                content = withItem(content, QStringLiteral("field"), i, QStringLiteral("place"), 2);
            } else if (place == 2) {
                second = QString::number(unit.value(QStringLiteral("unit")).toInt());
                content = withItem(content, QStringLiteral("field"), i, QStringLiteral("place"), 1);
            }
        }
    });
    QVERIFY(!first.isEmpty() && !second.isEmpty());
    QVERIFY(core::parseEventExchange(bytes, QStringLiteral("place.json")).defects.empty());
    const CliRun checked = verify(bytes, QStringLiteral("dayplace.json"));
    QCOMPARE(checked.status, 1);
    QVERIFY2(
        checked.out.contains(QStringLiteral("field: unit %1 has place 2, the play gives place 1").arg(first)),
        qPrintable(checked.out));
    QVERIFY2(checked.out.contains(
                 QStringLiteral("field: unit %1 has place 1, the play gives place 2").arg(second)),
             qPrintable(checked.out));

    // The play's own list of places changed: named by its path.
    const QByteArray listed = edited(played_, [](QJsonObject& content) {
        setInPlay(content, QStringLiteral("places"), 0, QStringLiteral("place"), 5);
    });
    const CliRun places = verify(listed, QStringLiteral("dayplaces.json"));
    QCOMPARE(places.status, 1);
    QVERIFY2(places.out.startsWith(QLatin1String("play.places[0]: unit ")) &&
                 places.out.contains(QLatin1String("is place 5 in the file, the play gives place 1")),
             qPrintable(places.out));
    QCOMPARE(places.out.count(u'\n'), 1);
}

void TestVerifyEvent::catchesChangedPlayScore()
{
    // A group game's 6-2 made 5-3: a possible score, but the standings the file shows no longer
    // follow from its games.
    const qsizetype index = gameWhere(played_, [](const QJsonObject& game) {
        return game.value(QStringLiteral("stage")).toInt() == 0 &&
               game.value(QStringLiteral("state")).toString() == QLatin1String("scored") &&
               game.value(QStringLiteral("points_a")).toInt() == 6 &&
               game.value(QStringLiteral("points_b")).toInt() == 2;
    });
    QVERIFY(index >= 0);
    QString unitA;
    const QByteArray bytes = edited(played_, [&](QJsonObject& content) {
        unitA = QString::number(content.value(QStringLiteral("play"))
                                    .toObject()
                                    .value(QStringLiteral("games"))
                                    .toArray()
                                    .at(index)
                                    .toObject()
                                    .value(QStringLiteral("a"))
                                    .toInt());
        setInPlay(content, QStringLiteral("games"), index, QStringLiteral("points_a"), 5);
        setInPlay(content, QStringLiteral("games"), index, QStringLiteral("points_b"), 3);
    });
    const CliRun checked = verify(bytes, QStringLiteral("dayscore.json"));
    QCOMPARE(checked.status, 1);
    const QStringList lines = checked.out.split(u'\n', Qt::SkipEmptyParts);
    const bool named = std::any_of(lines.begin(), lines.end(), [&unitA](const QString& line) {
        return line.startsWith(QLatin1String("play.standings[")) &&
               line.contains(QStringLiteral(": unit %1 has rank ").arg(unitA)) &&
               line.contains(QLatin1String("the play gives"));
    });
    QVERIFY2(named, qPrintable(checked.out));
}

void TestVerifyEvent::catchesImpossibleScore()
{
    // 6-3 is not a game of 4 rounds (its points sum to 8).
    const qsizetype index = gameWhere(played_, [](const QJsonObject& game) {
        return game.value(QStringLiteral("state")).toString() == QLatin1String("scored") &&
               game.value(QStringLiteral("points_a")).toInt() == 6;
    });
    QVERIFY(index >= 0);
    const QByteArray bytes = edited(played_, [&](QJsonObject& content) {
        setInPlay(content, QStringLiteral("games"), index, QStringLiteral("points_b"), 3);
    });
    const CliRun checked = verify(bytes, QStringLiteral("dayimpossible.json"));
    QCOMPARE(checked.status, 1);
    QVERIFY2(checked.out.startsWith(QStringLiteral("play.games[%1] (").arg(index)) &&
                 checked.out.contains(QLatin1String("is not a possible score of its stage")),
             qPrintable(checked.out));
    // The stage it leaves unfinished keeps the later ones from being drawn: said once, not per game.
    QVERIFY2(checked.out.contains(QLatin1String("play: the play computed again does not reach stage 2")),
             qPrintable(checked.out));
    QVERIFY2(!checked.out.contains(QLatin1String("no such game")), qPrintable(checked.out));
}

void TestVerifyEvent::catchesChangedBoardAndSide()
{
    const qsizetype index = gameWhere(played_, [](const QJsonObject& game) {
        return game.value(QStringLiteral("state")).toString() == QLatin1String("scored");
    });
    QVERIFY(index >= 0);
    const QByteArray board = edited(played_, [&](QJsonObject& content) {
        const int was = content.value(QStringLiteral("play"))
                            .toObject()
                            .value(QStringLiteral("games"))
                            .toArray()
                            .at(index)
                            .toObject()
                            .value(QStringLiteral("board"))
                            .toInt();
        setInPlay(content, QStringLiteral("games"), index, QStringLiteral("board"), was + 40);
    });
    const CliRun moved = verify(board, QStringLiteral("dayboard.json"));
    QCOMPARE(moved.status, 1);
    QVERIFY2(moved.out.startsWith(QStringLiteral("play.games[%1] (").arg(index)) &&
                 moved.out.contains(QLatin1String("the play draws")),
             qPrintable(moved.out));
    QCOMPARE(moved.out.count(u'\n'), 1);

    // Side b given to another unit of the field: the score was not entered for that game.
    const QByteArray side = edited(played_, [&](QJsonObject& content) {
        const QJsonObject game = content.value(QStringLiteral("play"))
                                     .toObject()
                                     .value(QStringLiteral("games"))
                                     .toArray()
                                     .at(index)
                                     .toObject();
        int other = 1;
        while (other == game.value(QStringLiteral("a")).toInt() ||
               other == game.value(QStringLiteral("b")).toInt())
            ++other;
        setInPlay(content, QStringLiteral("games"), index, QStringLiteral("b"), other);
    });
    const CliRun swapped = verify(side, QStringLiteral("dayside.json"));
    QCOMPARE(swapped.status, 1);
    QVERIFY2(swapped.out.startsWith(QStringLiteral("play.games[%1] (").arg(index)) &&
                 swapped.out.contains(QLatin1String("the play draws")),
             qPrintable(swapped.out));
    // Its group's standing without that score, and the stages not reached, in one line.
    QVERIFY2(swapped.out.contains(QLatin1String("play: the play computed again does not reach stage 2")) &&
                 !swapped.out.contains(QLatin1String("no such game")),
             qPrintable(swapped.out));
}

void TestVerifyEvent::catchesHandPlaceWithoutReason()
{
    const QByteArray bytes = edited(played_, [](QJsonObject& content) {
        setInPlay(content, QStringLiteral("hand_places"), 0, QStringLiteral("reason"), QString());
    });
    const CliRun checked = verify(bytes, QStringLiteral("dayreason.json"));
    QCOMPARE(checked.status, 1);
    QVERIFY2(checked.out.contains(QLatin1String("play.hand_places[0]: unit ")) &&
                 checked.out.contains(QLatin1String("set to place 23 by hand without a reason")),
             qPrintable(checked.out));
    // The database keeps a hand-set place only with its reason: import refuses it by its path.
    const QString fresh = temp_.filePath(QStringLiteral("reason.sqlite"));
    const QString file = temp_.filePath(QStringLiteral("dayreason.json"));
    const CliRun imported = run({QStringLiteral("import-event"), file, QStringLiteral("--db"), fresh});
    QCOMPARE(imported.status, core::cli_exit::inputDefects);
    QVERIFY2(imported.err.contains(QLatin1String("content.play.hand_places[0].reason")),
             qPrintable(imported.err));
}

void TestVerifyEvent::catchesChangedPlayPoints()
{
    const QByteArray bytes = edited(played_, [](QJsonObject& content) {
        QJsonObject award = content.value(QStringLiteral("award")).toObject();
        const double points = award.value(QStringLiteral("awards"))
                                  .toArray()
                                  .at(0)
                                  .toObject()
                                  .value(QStringLiteral("points"))
                                  .toDouble();
        content.insert(QStringLiteral("award"),
                       withItem(award, QStringLiteral("awards"), 0, QStringLiteral("points"), points + 3.0));
    });
    const CliRun checked = verify(bytes, QStringLiteral("daypoints.json"));
    QCOMPARE(checked.status, 1);
    QCOMPARE(checked.out.count(u'\n'), 1);
    QVERIFY2(checked.out.startsWith(QLatin1String("award.awards: player ")), qPrintable(checked.out));
}

void TestVerifyEvent::refusesUnknownPlayUnit()
{
    // A unit the field does not have, anywhere in the play, is refused by its path: nothing verified.
    const QByteArray bytes = edited(played_, [](QJsonObject& content) {
        setInPlay(content, QStringLiteral("games"), 2, QStringLiteral("a"), 99);
        setInPlay(content, QStringLiteral("withdrawals"), 0, QStringLiteral("unit"), 0);
    });
    const core::ParsedEventExchange parsed = core::parseEventExchange(bytes, QStringLiteral("unknown.json"));
    QStringList fields;
    for (const engine::Defect& defect : parsed.defects)
        fields.append(QString::fromStdString(defect.field));
    QVERIFY2(fields.contains(QStringLiteral("content.play.games[2].a")), qPrintable(fields.join(u' ')));
    QVERIFY2(fields.contains(QStringLiteral("content.play.withdrawals[0].unit")),
             qPrintable(fields.join(u' ')));
    const CliRun checked = verify(bytes, QStringLiteral("dayunknown.json"));
    QCOMPARE(checked.status, core::cli_exit::inputDefects);
    QVERIFY(checked.out.isEmpty());
    // A seed that is not a uint64 in text.
    const QByteArray seed = edited(played_, [](QJsonObject& content) {
        QJsonObject playObject = content.value(QStringLiteral("play")).toObject();
        playObject.insert(QStringLiteral("seed"), 12.0);
        content.insert(QStringLiteral("play"), playObject);
    });
    const core::ParsedEventExchange badSeed = core::parseEventExchange(seed, QStringLiteral("seed.json"));
    QVERIFY(!badSeed.defects.empty());
    QCOMPARE(QString::fromStdString(badSeed.defects.front().field), QStringLiteral("content.play.seed"));
}

void TestVerifyEvent::fileWithoutPlayStillReads()
{
    // The same day as an older FlickDesk writes it, without its play: verified and imported as today.
    const QByteArray bytes =
        edited(played_, [](QJsonObject& content) { content.remove(QStringLiteral("play")); });
    const CliRun checked = verify(bytes, QStringLiteral("daynoplay.json"));
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.out + checked.err));
    QVERIFY(!checked.err.contains(QLatin1String("the places, the standings")));
    const QString fresh = temp_.filePath(QStringLiteral("noplay.sqlite"));
    const CliRun imported =
        run({QStringLiteral("import-event"), temp_.filePath(QStringLiteral("daynoplay.json")),
             QStringLiteral("--db"), fresh});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    {
        const auto store = openStoppedStore(fresh);
        QVERIFY(store);
        QVERIFY(store->event(playEvent_).has_value());
        QVERIFY(!store->playSetup(playEvent_).has_value());
    }
    // And an older event (no play at all) imports as before.
    const CliRun older = run({QStringLiteral("import-event"), awarded_, QStringLiteral("--db"), fresh});
    QVERIFY2(older.status == core::cli_exit::ok, qPrintable(older.err));
}

void TestVerifyEvent::importStoresThePlay()
{
    // Into a new database: the event and its day in one import.
    const QString fresh = temp_.filePath(QStringLiteral("association.sqlite"));
    const CliRun imported = run({QStringLiteral("import-event"), played_, QStringLiteral("--db"), fresh});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    {
        const auto store = openStoppedStore(fresh);
        QVERIFY(store);
        const std::optional<core::PlaySetup> setup = store->playSetup(playEvent_);
        QVERIFY(setup.has_value());
        QCOMPARE(setup->seed, std::uint64_t{18446744073709551557ULL});
        std::size_t scored = 0;
        for (const play::PlayStage& stage : playState_.stages)
            for (const play::PlayGroup& group : stage.groups)
                for (const play::PlayGame& game : group.games)
                    scored += game.state == play::GameState::Scored ? 1 : 0;
        QCOMPARE(store->playScores(playEvent_).size(), scored);
    }
    // Export, import, export: the same play section.
    const QString again = temp_.filePath(QStringLiteral("again.json"));
    const CliRun exported = run({QStringLiteral("export-event"), playEvent_, QStringLiteral("-o"), again,
                                 QStringLiteral("--db"), fresh});
    QVERIFY2(exported.status == core::cli_exit::ok, qPrintable(exported.err));
    QCOMPARE(playSection(again), playSection(played_));
    const CliRun checked = run({QStringLiteral("verify-event"), again});
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.out + checked.err));
    // The same file into the database that holds it: unchanged.
    const CliRun twice = run({QStringLiteral("import-event"), played_, QStringLiteral("--db"), db_});
    QVERIFY2(twice.status == core::cli_exit::ok && twice.err.contains(QLatin1String("unchanged")),
             qPrintable(twice.err));
}

void TestVerifyEvent::historyFolderRatesFromGames()
{
    // DECISIONS N3, G8: the event rated from its games has them in the file and in games.csv beside it.
    const QJsonArray games = QJsonDocument::fromJson(readBytes(played_))
                                 .object()
                                 .value(QStringLiteral("content"))
                                 .toObject()
                                 .value(QStringLiteral("games"))
                                 .toArray();
    QVERIFY(games.size() > 60);
    const QString folder = core::historyFolderFor(played_);
    QVERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral("games.csv"))));
    const CliRun rated = run(
        {QStringLiteral("rate"), folder, QStringLiteral("-o"), temp_.filePath(QStringLiteral("games.csv"))});
    QVERIFY2(rated.status == core::cli_exit::ok, qPrintable(rated.err));
    // Its places reversed: the same ratings, the places play no part (N3).
    QDir(temp_.path()).mkdir(QStringLiteral("reversed"));
    const QString reversed = temp_.filePath(QStringLiteral("reversed"));
    for (const QString& name : {QStringLiteral("events.csv"), QStringLiteral("games.csv")})
        QVERIFY(QFile::copy(QDir(folder).filePath(name), QDir(reversed).filePath(name)));
    QList<QStringList> rows = parseCsv(readText(QDir(folder).filePath(QStringLiteral("results.csv"))));
    QByteArray results = "event_id,place,player_id,team\n";
    for (qsizetype i = 1; i < rows.size(); ++i)
        results += QStringLiteral("%1,%2,%3,\n")
                       .arg(rows[i][0])
                       .arg(25 - rows[i][1].toInt())
                       .arg(rows[i][2])
                       .toUtf8();
    QVERIFY(writeFile(QDir(reversed).filePath(QStringLiteral("results.csv")), results));
    const CliRun same = run({QStringLiteral("rate"), reversed, QStringLiteral("-o"),
                             temp_.filePath(QStringLiteral("reversed.csv"))});
    QVERIFY2(same.status == core::cli_exit::ok, qPrintable(same.err));
    QCOMPARE(readBytes(temp_.filePath(QStringLiteral("reversed.csv"))),
             readBytes(temp_.filePath(QStringLiteral("games.csv"))));
    // Without its games it is rated from its places: other ratings.
    QVERIFY(QFile::remove(QDir(reversed).filePath(QStringLiteral("games.csv"))));
    const CliRun places = run({QStringLiteral("rate"), reversed, QStringLiteral("-o"),
                               temp_.filePath(QStringLiteral("places.csv"))});
    QVERIFY2(places.status == core::cli_exit::ok, qPrintable(places.err));
    QVERIFY(readBytes(temp_.filePath(QStringLiteral("places.csv"))) !=
            readBytes(temp_.filePath(QStringLiteral("games.csv"))));
}

QTEST_MAIN(TestVerifyEvent)
#include "tst_verifyevent.moc"
