// flickdesk-cli's identity corrections, as the window's player dialog makes them (DECISIONS D1a):
// edit-player (a name, a location) and merge-player (a local player merged into the player they
// really are, or given the association's id). Each one transaction of the store, in its audit log.

#include "cli/cliprivate.h"
#include "core/records/identifiers.h"
#include "core/store/store.h"

#include <QDir>
#include <QTextStream>
#include <memory>

namespace flickdesk::core::cli_internal {

namespace {

// A refusal (DECISIONS D1a) is exit status 2, with its reason; the others as every command's.
int correctionFailure(QTextStream& err, QLatin1String command, const StoreError& error)
{
    err << command << ": " << error.message() << Cli::tr(" Nothing was changed.") << '\n';
    switch (error.kind()) {
    case StoreError::Kind::Refused:
        return cli_exit::inputDefects;
    case StoreError::Kind::ReadOnly:
        return cli_exit::databaseBusy;
    case StoreError::Kind::Failed:
        break;
    }
    return cli_exit::cannotWrite;
}

QString shownPlayer(const PlayerRecord& player)
{
    return player.name.isEmpty() ? player.id : QStringLiteral("%1 (%2)").arg(player.id, player.name);
}

QString quoted(const QString& text)
{
    return QStringLiteral("'%1'").arg(text);
}

// "2 entries, 1 game, 1 award (events E1, E2)": what a merge or an id change moved.
QString movedSummary(const PlayerMerge& merge)
{
    QStringList events;
    for (const PlayerMerge::Seat& entry : merge.entries) {
        if (!events.contains(entry.eventId))
            events.append(entry.eventId);
    }
    QStringList awards;
    for (const PlayerMerge::AwardRow& award : merge.awards) {
        const QString key = QStringLiteral("%1/%2").arg(award.eventId).arg(award.revision);
        if (!awards.contains(key))
            awards.append(key);
    }
    const auto count = [](std::size_t n, const QString& one, const QString& many) {
        return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
    };
    QString text =
        Cli::tr("%1, %2, %3, %4 moved")
            .arg(count(merge.entries.size(), Cli::tr("entry"), Cli::tr("entries")),
                 count(merge.games.size(), Cli::tr("game"), Cli::tr("games")),
                 count(static_cast<std::size_t>(awards.size()), Cli::tr("award"), Cli::tr("awards")),
                 count(merge.locks.size() + merge.droppedLocks.size(), Cli::tr("lock row"),
                       Cli::tr("lock rows")));
    if (!events.isEmpty())
        text += Cli::tr(" (events %1)").arg(events.join(QStringLiteral(", ")));
    return text;
}

} // namespace

int runEditPlayer(Invocation& call)
{
    QTextStream& err = call.err;
    const Arguments& arguments = call.arguments;
    const QString& playerId = call.positional;
    if (!arguments.value("--name") && !arguments.value("--location"))
        return call.usage(Cli::tr("nothing to change: give --name NAME, --location PLACE or both"));

    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    try {
        const std::optional<PlayerRecord> before = store->player(playerId);
        if (!before) {
            err << call.name() << ": " << Cli::tr("There is no player %1.").arg(printableId(playerId))
                << Cli::tr(" Nothing was changed.") << '\n';
            return cli_exit::inputDefects;
        }
        const QString name = arguments.value("--name").value_or(before->name).trimmed();
        const QString location = arguments.value("--location").value_or(before->location).trimmed();
        store->editPlayer(playerId, name, location);
        const PlayerRecord after = store->player(playerId).value_or(*before);
        if (after.name == before->name && after.location == before->location) {
            err << Cli::tr("%1: player %2 already has that name and location; nothing was changed\n")
                       .arg(call.name(), shownPlayer(after));
            return cli_exit::ok;
        }
        err << Cli::tr("%1: player %2: name %3, location %4 (were %5, %6); %7\n")
                   .arg(call.name(), after.id, quoted(after.name), quoted(after.location),
                        quoted(before->name), quoted(before->location),
                        QDir::toNativeSeparators(store->path()));
    } catch (const StoreError& error) {
        return correctionFailure(err, call.name(), error);
    }
    return cli_exit::ok;
}

int runMergePlayer(Invocation& call)
{
    QTextStream& err = call.err;
    const QString& fromId = call.positional;
    const std::optional<QString> into = call.arguments.value("--into");
    if (!into || into->trimmed().isEmpty())
        return call.usage(Cli::tr("missing --into TO_ID"));
    const QString intoId = into->trimmed();

    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = call.openStore(status);
    if (!store)
        return status;
    try {
        const std::optional<PlayerRecord> from = store->player(fromId);
        if (!from) {
            err << call.name() << ": " << Cli::tr("There is no player %1.").arg(printableId(fromId))
                << Cli::tr(" Nothing was changed.") << '\n';
            return cli_exit::inputDefects;
        }
        // DECISIONS D1a: an id the database does not know yet is the association's, given to the
        // local player; a known one is the player this one really is.
        if (const std::optional<PlayerRecord> target = store->player(intoId)) {
            const PlayerMerge merge = store->mergePlayer(fromId, intoId);
            err << Cli::tr("%1: %2 merged into %3: %4; no points changed; %5\n")
                       .arg(call.name(), shownPlayer(*from), shownPlayer(*target), movedSummary(merge),
                            QDir::toNativeSeparators(store->path()));
        } else {
            const PlayerMerge change = store->changePlayerId(fromId, intoId);
            err << Cli::tr("%1: %2 now has the association's id %3: %4; no points changed; %5\n")
                       .arg(call.name(), shownPlayer(*from), intoId, movedSummary(change),
                            QDir::toNativeSeparators(store->path()));
        }
    } catch (const StoreError& error) {
        return correctionFailure(err, call.name(), error);
    }
    return cli_exit::ok;
}

} // namespace flickdesk::core::cli_internal
