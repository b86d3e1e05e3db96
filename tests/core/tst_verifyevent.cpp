// flickdesk-cli verify-event (DECISIONS G8): a submission written by the store from an awarded
// event agrees with itself; a place, a point or an index changed by hand, its checksum made to
// match so that only verify-event can catch it, is named; a file it cannot read ends with 2.
#include "cli/cli.h"
#include "clitestsupport.h"
#include "core/awards/awarding.h"
#include "core/awards/tourpoints.h"
#include "core/formats/eventexchange.h"
#include "core/store/store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

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

private:
    CliRun verify(const QByteArray& bytes, const QString& name);
    QTemporaryDir temp_;
    QString awarded_;   // WCC Singles 2016 (event 175, 58 players), awarded through the store
    QString unawarded_; // WCC Doubles 2016 (event 174), finished
};

void TestVerifyEvent::initTestCase()
{
    QVERIFY(temp_.isValid());
    const QString db = temp_.filePath(QStringLiteral("db.sqlite"));
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

QTEST_MAIN(TestVerifyEvent)
#include "tst_verifyevent.moc"
