#include "core/awards/payout.h"
#include "core/awards/tourpoints.h"
#include "cli/cliprivate.h"
#include "core/formats/boundedfile.h"
#include "core/formats/csvwriting.h"
#include "core/formats/eventexchange.h"
#include "core/formats/historyreader.h"
#include "core/formats/outputfiles.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"
#include "flickdesk/engine/standings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QLockFile>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSysInfo>
#include <QTextStream>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>
namespace flickdesk::core::cli_internal {
namespace {

// ---------------------------------------------------------------------------------------------
// The database: import-history, import-ratings, export-event, import-event, events, backup, check

// A StoreError as an exit status, its message written.
int storeFailure(QTextStream& err, QLatin1String command, const StoreError& error)
{
    err << command << ": " << error.message() << '\n';
    switch (error.kind()) {
    case StoreError::Kind::ReadOnly:
        return cli_exit::databaseBusy;
    case StoreError::Kind::Refused:
        return cli_exit::inputDefects;
    case StoreError::Kind::Failed:
        break;
    }
    return cli_exit::cannotWrite;
}

} // namespace

// The one opening of a command's database (cliprivate.h): import, export and check, the identity
// corrections of cliplayers.cpp.
std::unique_ptr<Store> openStore(const Arguments& arguments, QLatin1String command, bool forWriting,
                                 QTextStream& err, int& status, StoreOptions::Creation creation,
                                 bool checkOnOpen)
{
    StoreOptions options;
    options.path = arguments.value("--db").value_or(QString());
    options.creation = creation;
    options.checkOnOpen = checkOnOpen;
    Store::OpenResult opened = Store::open(options);
    if (!opened.store) {
        err << command << ": " << opened.error << '\n';
        switch (opened.failure) {
        case Store::OpenFailure::Missing:
            err << Cli::tr("%1: 'flickdesk-cli import-history HISTORY_DIR --db FILE' makes a new database")
                       .arg(command)
                << '\n';
            status = cli_exit::noDatabase;
            break;
        case Store::OpenFailure::NotFlickDesk:
        case Store::OpenFailure::Damaged:
        case Store::OpenFailure::TooNew:
            status = cli_exit::badDatabase;
            break;
        case Store::OpenFailure::Busy:
            status = cli_exit::databaseBusy;
            break;
        case Store::OpenFailure::CannotOpen:
        case Store::OpenFailure::None:
            status = cli_exit::cannotWrite;
            break;
        }
        return nullptr;
    }
    for (const QString& backup : opened.store->backupsMade())
        err << Cli::tr("%1: backed up the database to %2").arg(command, QDir::toNativeSeparators(backup))
            << '\n';
    for (const QString& warning : opened.store->warnings())
        err << command << ": " << warning << '\n';
    if (opened.store->isReadOnly()) {
        err << command << ": " << opened.store->readOnlyReason();
        if (forWriting) {
            err << Cli::tr(" Nothing was written.") << '\n';
            status = opened.store->isHeldByAnother() ? cli_exit::databaseBusy : cli_exit::cannotWrite;
            return nullptr;
        }
        err << '\n';
    }
    status = cli_exit::ok;
    return std::move(opened.store);
}

int runImportHistory(Invocation& call)
{
    QTextStream& err = call.err;
    const QString& historyDir = call.positional;
    const bool acceptParameters = call.has("--accept-parameters");

    // DECISIONS D2: the folder is judged whole before the database is touched.
    const HistoryFolder folder = readHistoryFolder(historyDir);
    int status = cli_exit::ok;
    std::unique_ptr<Store> store;
    ImportReport report;
    if (folder.defects.empty()) {
        store = call.openStore(status);
        if (!store)
            return status;
    }
    try {
        report =
            store ? store->importHistory(folder, historyDir, acceptParameters) : Store::checkHistory(folder);
    } catch (const StoreError& error) {
        return storeFailure(err, call.name(), error);
    }
    if (!report.ok()) {
        for (const engine::Defect& defect : report.defects)
            err << QString::fromStdString(engine::describe(defect)) << '\n';
        // Singular and plural spelt out: without a translation loaded, tr()'s %n leaves "(s)" as it is.
        err << (report.defects.size() == 1 ? Cli::tr("%1: %2 defect in %3") : Cli::tr("%1: %2 defects in %3"))
                   .arg(call.name())
                   .arg(report.defects.size())
                   .arg(historyDir);
        if (!report.defectiveEvents.isEmpty())
            err << (report.defectiveEvents.size() == 1 ? Cli::tr(", in %1 event: %2")
                                                       : Cli::tr(", in %1 events: %2"))
                       .arg(report.defectiveEvents.size())
                       .arg(report.defectiveEvents.join(QStringLiteral(", ")));
        err << Cli::tr("; nothing was imported\n");
        return cli_exit::inputDefects;
    }
    err << (report.parametersChanged
                ? Cli::tr(
                      "%1: %2 events added (%3 already there, unchanged), %4 new players, %5 finishes, %6 "
                      "games, the folder's FlickSkill parameters; %7\n")
                : Cli::tr(
                      "%1: %2 events added (%3 already there, unchanged), %4 new players, %5 finishes, %6 "
                      "games; %7\n"))
               .arg(call.name())
               .arg(report.eventsAdded)
               .arg(report.eventsUnchanged)
               .arg(report.playersAdded)
               .arg(report.finishes)
               .arg(report.games)
               .arg(QDir::toNativeSeparators(store->path()));
    return cli_exit::ok;
}

int runImportRatings(Invocation& call)
{
    QTextStream& err = call.err;
    const QString& file = call.positional;
    const bool replace = call.has("--replace");
    const std::optional<QString> monthText = call.arguments.value("--month");
    if (!monthText)
        return call.usage(Cli::tr("missing --month YYYY-MM"));
    if (!parseMonth(*monthText))
        return call.usage(
            Cli::tr("--month needs a month as YYYY-MM, e.g. 2025-01, not '%1'").arg(*monthText));
    const QString month = *monthText;

    const BoundedFile input = readBoundedFile(file, file_limits::csvFile);
    if (!input.ok()) {
        err << Cli::tr("%1: %2: %3; nothing was imported").arg(call.name(), file, input.problem) << '\n';
        return cli_exit::inputDefects;
    }
    const ParsedRatingList list = parseRatingList(input.bytes, file);
    if (!list.defects.empty())
        return refuseDefects(err, call.name(), list.defects, file,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "nothing was imported"));
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    RatingsImportReport report;
    try {
        report = store->importRatings(list.entries, month, replace, file);
    } catch (const StoreError& error) {
        return storeFailure(err, call.name(), error);
    }
    if (!report.defects.empty())
        return refuseDefects(err, call.name(), report.defects, file,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "nothing was imported"));
    err << (report.replaced
                ? Cli::tr("%1: the lock of %2: %3 players (%4 new), replacing the earlier lock; %5\n")
                : Cli::tr("%1: the lock of %2: %3 players (%4 new); %5\n"))
               .arg(call.name(), month)
               .arg(report.players)
               .arg(report.playersAdded)
               .arg(QDir::toNativeSeparators(store->path()));
    return cli_exit::ok;
}

int runExportEvent(Invocation& call)
{
    QTextStream& err = call.err;
    const QString& eventId = call.positional;
    const QString output = call.arguments.value("--output").value_or(QString());
    if (output.isEmpty())
        return call.usage(Cli::tr("missing -o FILE.json"));

    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    EventExport written;
    try {
        // The list of events, not the event itself: exportEvent reads its field once.
        const std::vector<EventSummary> events = store->events();
        if (std::none_of(events.begin(), events.end(),
                         [&eventId](const EventSummary& summary) { return summary.id == eventId; }))
            return call.usage(Cli::tr("there is no event '%1' in %2; 'flickdesk-cli events' lists them")
                                  .arg(eventId, QDir::toNativeSeparators(store->path())));
        // The window's export: never over the database of --db, the default one, or their files.
        written = exportEvent(*store, eventId, output, databaseFiles(call.arguments));
    } catch (const StoreError& error) {
        return storeFailure(err, call.name(), error);
    }
    if (!written.error.isEmpty()) {
        err << call.name() << ": " << written.error << '\n';
        return cli_exit::cannotWrite;
    }
    const EventExchange& exchange = written.exchange;
    err << (exchange.award ? Cli::tr("%1: event %2 (%3, %4, %5 units, awarded) to %6 and %7\n")
                           : Cli::tr("%1: event %2 (%3, %4, %5 units) to %6 and %7\n"))
               .arg(call.name(), eventId, exchange.event.name, keyword(exchange.event.status))
               .arg(exchange.event.units.size())
               .arg(QDir::toNativeSeparators(output), QDir::toNativeSeparators(historyFolderFor(output)));
    return cli_exit::ok;
}

int runImportEvent(Invocation& call)
{
    QTextStream& err = call.err;
    const QString& file = call.positional;

    const BoundedFile input = readBoundedFile(file, file_limits::eventFile);
    if (!input.ok()) {
        err << Cli::tr("%1: %2: %3; nothing was imported").arg(call.name(), file, input.problem) << '\n';
        return cli_exit::inputDefects;
    }
    const QByteArray& bytes = input.bytes;
    // The checksum and the content are judged before the database is touched.
    if (const ParsedEventExchange parsed = parseEventExchange(bytes, file); !parsed.defects.empty())
        return refuseDefects(err, call.name(), parsed.defects, file,
                             parsed.checksumMismatch
                                 ? QT_TRANSLATE_NOOP("flickdesk::core::Cli", "refused, nothing was imported")
                                 : QT_TRANSLATE_NOOP("flickdesk::core::Cli", "nothing was imported"));
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    EventImportResult result;
    try {
        result = importEventExchange(*store, bytes, file);
    } catch (const StoreError& error) {
        return storeFailure(err, call.name(), error);
    }
    switch (result.outcome) {
    case EventImportResult::Outcome::Refused:
        return refuseDefects(err, call.name(), result.defects, file,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "nothing was imported"));
    case EventImportResult::Outcome::Unchanged:
        err << Cli::tr("%1: event %2 is in the database already, unchanged").arg(call.name(), result.eventId)
            << '\n';
        return cli_exit::ok;
    case EventImportResult::Outcome::Added:
        break;
    }
    err << Cli::tr("%1: event %2 added to %3")
               .arg(call.name(), result.eventId, QDir::toNativeSeparators(store->path()))
        << '\n';
    for (const QString& note : result.notes)
        err << call.name() << ": " << note << '\n';
    return cli_exit::ok;
}

// A field of `events`' tab-separated lines as one unambiguous line: a backslash, tab, line break or
namespace {

// carriage return as \\, \t, \n, \r; any other control or format character (a right-to-left mark,
// a zero-width space, an escape) as \uXXXX, so that nothing in an id can split a line or a column,
// or reorder what a terminal shows.
QString escapedField(const QString& text)
{
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar c : text) {
        switch (c.unicode()) {
        case u'\\':
            escaped += QStringLiteral("\\\\");
            continue;
        case u'\t':
            escaped += QStringLiteral("\\t");
            continue;
        case u'\n':
            escaped += QStringLiteral("\\n");
            continue;
        case u'\r':
            escaped += QStringLiteral("\\r");
            continue;
        default:
            break;
        }
        const QChar::Category category = c.category();
        if (category == QChar::Other_Control || category == QChar::Other_Format ||
            category == QChar::Separator_Line || category == QChar::Separator_Paragraph)
            escaped += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            escaped += c;
    }
    return escaped;
}

} // namespace

int runEvents(Invocation& call)
{
    QTextStream& out = call.out;
    QTextStream& err = call.err;
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    try {
        const std::vector<EventSummary> events = store->events();
        for (const EventSummary& event : events)
            out << escapedField(event.id) << '\t' << escapedField(event.date) << '\t'
                << escapedField(event.name) << '\t' << keyword(event.status) << '\n';
        const QString shown = QDir::toNativeSeparators(store->path());
        err << (events.size() == 1
                    ? Cli::tr("%1: 1 event in %2").arg(call.name(), shown)
                    : Cli::tr("%1: %2 events in %3").arg(call.name(), QString::number(events.size()), shown));
        if (events.empty())
            err << Cli::tr("; 'flickdesk-cli import-history HISTORY_DIR' adds a history");
        err << '\n';
    } catch (const StoreError& error) {
        return storeFailure(err, call.name(), error);
    }
    return cli_exit::ok;
}

namespace {

// Why `output` must not be replaced by a backup without --force, or an empty string: a file that is
// not a FlickDesk database (a CSV given by mistake) is never lost to a typo, and neither is a
// FlickDesk database in use (its lock beside it). An earlier backup, a FlickDesk database not in
// use, is replaced.
QString backupTargetProblem(const QString& output)
{
    // Anything but a file (a folder, the database itself through a link) is Store::backup's to refuse.
    const QFileInfo info(output);
    if (!info.isFile())
        return {};
    const QString shown = QDir::toNativeSeparators(output);
    QFile file(output);
    QByteArray header;
    if (file.open(QIODevice::ReadOnly))
        header = file.read(100);
    static const QByteArray magic("SQLite format 3\0", 16);
    const bool flickDesk = header.size() == 100 && header.startsWith(magic) &&
                           qFromBigEndian<qint32>(header.constData() + 68) == Store::applicationId;
    if (!flickDesk)
        return Cli::tr(
                   "%1 exists and is not a FlickDesk database, so it was not replaced; no backup was made. "
                   "Choose another file, or add --force to replace it")
            .arg(shown);
    if (QFileInfo::exists(output + QStringLiteral(".lock")))
        return Cli::tr("%1 is a FlickDesk database in use (%1.lock is beside it), so it was not replaced; no "
                       "backup was made. Choose another file, or add --force to replace it")
            .arg(shown);
    return {};
}

} // namespace

int runBackup(Invocation& call)
{
    QTextStream& err = call.err;
    const QString output = call.arguments.value("--output").value_or(QString());
    if (output.isEmpty())
        return call.usage(Cli::tr("missing -o FILE"));
    // The database itself, or one of its files, is refused by Store::backup in its own words.
    if (const QString refused = call.has("--force") || !databaseClash(call.arguments, output).isEmpty()
                                    ? QString()
                                    : backupTargetProblem(output);
        !refused.isEmpty()) {
        err << call.name() << ": " << refused << '\n';
        return cli_exit::cannotWrite;
    }
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    try {
        store->backup(output);
    } catch (const StoreError& error) {
        err << call.name() << ": " << error.message() << '\n';
        return cli_exit::cannotWrite;
    }
    err << Cli::tr("%1: %2 copied to %3")
               .arg(call.name(), QDir::toNativeSeparators(store->path()), QDir::toNativeSeparators(output))
        << '\n';
    return cli_exit::ok;
}

int runCheck(Invocation& call)
{
    QTextStream& out = call.out;
    QTextStream& err = call.err;
    int status = cli_exit::ok;
    // The open's quick check too, whatever the day (DatabaseUse::ReadsChecked): a damaged file is
    // refused as at any open.
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    try {
        const QStringList problems = store->check();
        for (const QString& problem : problems)
            out << problem << '\n';
        if (!problems.isEmpty()) {
            const QString shown = QDir::toNativeSeparators(store->path());
            err << (problems.size() == 1 ? Cli::tr("%1: 1 problem in %2").arg(call.name(), shown)
                                         : Cli::tr("%1: %2 problems in %3")
                                               .arg(call.name(), QString::number(problems.size()), shown))
                << '\n';
            return cli_exit::badDatabase;
        }
        err << Cli::tr("%1: %2 is sound: integrity, tables and foreign keys ok, %3 events, %4 players, "
                       "database version %5")
                   .arg(call.name(), QDir::toNativeSeparators(store->path()),
                        QString::number(store->eventCount()), QString::number(store->playerCount()),
                        QString::number(store->schemaVersion()))
            << '\n';
    } catch (const StoreError& error) {
        return storeFailure(err, call.name(), error);
    }
    return cli_exit::ok;
}

int runUnlock(Invocation& call)
{
    QTextStream& err = call.err;
    const QString database =
        QFileInfo(call.arguments.value("--db").value_or(Store::defaultPath())).absoluteFilePath();
    const QString shown = QDir::toNativeSeparators(database);
    const QString lockPath = database + QStringLiteral(".lock");
    if (!QFileInfo::exists(lockPath)) {
        err << Cli::tr("%1: %2 is not locked: there is nothing to take over").arg(call.name(), shown) << '\n';
        return cli_exit::ok;
    }
    QLockFile lock(lockPath);
    lock.setStaleLockTime(0); // as Store::open: stale only when its process is gone
    qint64 pid = 0;
    QString host;
    QString application;
    const bool hasInfo = lock.getLockInfo(&pid, &host, &application);
    if (hasInfo && (host.isEmpty() || host == QSysInfo::machineHostName())) {
        // This computer's lock: whether its process still runs is known here.
        if (!lock.tryLock(0)) {
            err << Cli::tr("%1: %2 is in use by FlickDesk on this computer (%3, process %4); close it there. "
                           "The lock was left in place.")
                       .arg(call.name(), shown, application.isEmpty() ? QStringLiteral("?") : application,
                            QString::number(pid))
                << '\n';
            return cli_exit::databaseBusy;
        }
        lock.unlock(); // removes the lock file
        err << Cli::tr("%1: removed the lock of a FlickDesk that no longer runs (process %2); %3 can be "
                       "changed again")
                   .arg(call.name(), QString::number(pid), shown)
            << '\n';
        return cli_exit::ok;
    }
    // Another computer's lock, or one whose writer died before filling it in. A FlickDesk running
    // on this computer keeps a lock on the file itself, which removeStaleLockFile() respects.
    if (!lock.removeStaleLockFile()) {
        err << Cli::tr("%1: the lock file %2 cannot be removed (it is in use on this computer, or the folder "
                       "cannot be written to)")
                   .arg(call.name(), QDir::toNativeSeparators(lockPath))
            << '\n';
        return cli_exit::cannotWrite;
    }
    err << Cli::tr("%1: took over %2").arg(call.name(), shown);
    if (hasInfo)
        err << Cli::tr(" from FlickDesk on the computer %1 (process %2)").arg(host, QString::number(pid));
    err << Cli::tr("; it can be changed again. Make sure FlickDesk no longer uses it there.") << '\n';
    return cli_exit::ok;
}

} // namespace flickdesk::core::cli_internal
