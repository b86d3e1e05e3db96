#include "models/samplehistory.h"

#include "core/store/historystore.h"
#include "core/store/playerstore.h"

#include <QtGlobal>
#include <array>

// Q_INIT_RESOURCE must be called from the global namespace.
static void initSampleResource()
{
    Q_INIT_RESOURCE(sample);
}

namespace flickdesk::ui {

namespace {

// Fictional: any likeness to a real player is chance. 59 and 61 names (both prime), so that a number
// n gets the pair (n mod 59, n mod 61), different for every n below 59 x 61.
constexpr std::array<const char*, 59> firstNames{
    "Aaron",  "Abigail", "Adrian", "Alice",  "Amara",  "Andre",  "Beatrice", "Ben",     "Bridget", "Caleb",
    "Carmen", "Cedric",  "Chloe",  "Colin",  "Dana",   "Declan", "Delia",    "Eamon",   "Edith",   "Elena",
    "Emmett", "Fiona",   "Felix",  "Gemma",  "Gideon", "Greta",  "Hannah",   "Hugo",    "Ingrid",  "Isaac",
    "Ivy",    "Jasper",  "Joanne", "Jonah",  "Keira",  "Kieran", "Lena",     "Lionel",  "Lucy",    "Malcolm",
    "Maren",  "Miles",   "Nadia",  "Nolan",  "Olive",  "Oscar",  "Paige",    "Quentin", "Rhea",    "Rowan",
    "Selma",  "Simon",   "Tessa",  "Tobias", "Una",    "Vera",   "Wesley",   "Yara",    "Zane"};
constexpr std::array<const char*, 61> lastNames{
    "Abbott",    "Ainsley",   "Barlow",   "Beckett",  "Brandt",    "Calder",    "Carvalho",  "Chen",
    "Coulter",   "Dalton",    "Devereux", "Dunmore",  "Ellery",    "Estrada",   "Fairbanks", "Fenwick",
    "Galloway",  "Gauthier",  "Hadley",   "Harcourt", "Holm",      "Ibarra",    "Ingram",    "Jansen",
    "Jarvis",    "Kendrick",  "Kowalski", "Lachance", "Lindqvist", "Lowry",     "Macintyre", "Marchetti",
    "Mercer",    "Nakamura",  "Novak",    "Okafor",   "Olsen",     "Pelletier", "Prescott",  "Quinlan",
    "Radcliffe", "Reyes",     "Rousseau", "Sandoval", "Sinclair",  "Stroud",    "Tanaka",    "Thibault",
    "Tremblay",  "Underhill", "Vance",    "Voss",     "Whitlock",  "Winslow",   "Wylde",     "Xu",
    "Yardley",   "Yilmaz",    "Zeller",   "Zimmer",   "Zorn"};

// FNV-1a: the same on every run and platform (qHash is seeded per process).
quint64 stableNumber(const QString& id)
{
    bool digits = false;
    const qulonglong number = id.toULongLong(&digits);
    if (digits)
        return number;
    quint64 hash = 14695981039346656037ULL;
    for (const char byte : id.toUtf8()) {
        hash ^= static_cast<unsigned char>(byte);
        hash *= 1099511628211ULL;
    }
    return hash;
}

} // namespace

QString sampleHistoryFolder()
{
    static const bool registered = (initSampleResource(), true);
    Q_UNUSED(registered);
    return QStringLiteral(":/sample/nca-history");
}

QString sampleName(const QString& playerId)
{
    const quint64 n = stableNumber(playerId);
    return QLatin1String(firstNames[n % firstNames.size()]) + QLatin1Char(' ') +
           QLatin1String(lastNames[n % lastNames.size()]);
}

core::ImportReport loadSampleHistory(core::HistoryStore& history, core::PlayerStore& players)
{
    core::ImportReport report = history.importHistory(sampleHistoryFolder());
    if (report.ok())
        players.namePlayers(sampleName, QStringLiteral("sample history"));
    return report;
}

} // namespace flickdesk::ui
