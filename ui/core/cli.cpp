#include "core/cli.h"

#include "core/historyreader.h"
#include "flickdesk/engine/flickskill.h"

#include <QSaveFile>
#include <QTextStream>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <numeric>
#include <optional>
#include <tuple>
#include <utility>

namespace flickdesk::core {
namespace {

using CommandFunction = int (*)(const QStringList& args, QTextStream& out, QTextStream& err);

// One command of flickdesk-cli. To add one, write its function and add a row to `commands` below.
struct Command {
    QLatin1String name;
    QLatin1String synopsis; // the arguments, after the name
    QLatin1String summary;  // one line for --help
    QLatin1String details;  // the options, for `flickdesk-cli COMMAND --help`
    CommandFunction run;
};

int runRate(const QStringList& args, QTextStream& out, QTextStream& err);

const Command commands[] = {
    {QLatin1String("rate"),
     QLatin1String("HISTORY_DIR [--params FILE] [--epsilon E] [--max-iter N] [-o OUT.csv]"),
     QLatin1String(
         "Rate a history folder with FlickSkill: mu and sigma of every player on every date played."),
     QLatin1String(
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json\n"
         "  --params FILE    parameters (JSON) overriding the folder's params.json\n"
         "  --epsilon E      convergence tolerance (default 0.001), overrides both files\n"
         "  --max-iter N     at most N backward/forward sweeps (default 50), overrides both files\n"
         "  -o, --output OUT.csv  write player_id,date,mu,sigma there instead of to standard output\n"),
     &runRate},
};

const Command* findCommand(const QString& name)
{
    const auto it = std::find_if(std::begin(commands), std::end(commands),
                                 [name](const Command& command) { return name == command.name; });
    return it == std::end(commands) ? nullptr : it;
}

QLatin1String programName()
{
    return QLatin1String("flickdesk-cli");
}

void printHelp(QTextStream& out)
{
    out << "Usage: " << programName() << " COMMAND [ARGUMENTS]\n"
        << "       " << programName() << " --help | --version\n\nCommands:\n";
    for (const Command& command : commands)
        out << "  " << command.name << ' ' << command.synopsis << "\n        " << command.summary << '\n';
    out << "\nRun '" << programName() << " COMMAND --help' for a command's options.\n"
        << "Exit status: 0 done; 2 defects in the input, each listed as file:line: field: message;\n"
        << "64 usage error; 70 internal error; 73 output file not written.\n";
}

void printCommandHelp(QTextStream& out, const Command& command)
{
    out << "Usage: " << programName() << ' ' << command.name << ' ' << command.synopsis << "\n"
        << command.summary << "\n\n"
        << command.details;
}

int usageError(QTextStream& err, const Command& command, const QString& problem)
{
    err << programName() << ' ' << command.name << ": " << problem << '\n'
        << "Usage: " << programName() << ' ' << command.name << ' ' << command.synopsis << '\n';
    return cli_exit::usage;
}

// ---------------------------------------------------------------------------------------------
// Options shared by the commands: "--name value", "--name=value", "--" ends the options.

class OptionReader {
public:
    explicit OptionReader(const QStringList& args)
        : args_(args)
    {
    }

    // The next argument; false at the end. `isOption` tells an option from a positional argument.
    bool next(QString& argument, bool& isOption)
    {
        if (index_ >= args_.size())
            return false;
        argument = args_[index_++];
        if (!positionalOnly_ && argument == QLatin1String("--")) {
            positionalOnly_ = true;
            return next(argument, isOption);
        }
        isOption = !positionalOnly_ && argument.size() > 1 && argument.startsWith(u'-');
        inlineValue_.reset();
        if (isOption && argument.startsWith(QLatin1String("--"))) {
            if (const qsizetype equals = argument.indexOf(u'='); equals > 0) {
                inlineValue_ = argument.mid(equals + 1);
                argument.truncate(equals);
            }
        }
        return true;
    }

    // The value of the option just read: after '=' or the next argument.
    std::optional<QString> value()
    {
        if (inlineValue_)
            return std::exchange(inlineValue_, std::nullopt);
        if (index_ >= args_.size())
            return std::nullopt;
        return args_[index_++];
    }

private:
    const QStringList& args_;
    qsizetype index_ = 0;
    bool positionalOnly_ = false;
    std::optional<QString> inlineValue_;
};

// ---------------------------------------------------------------------------------------------
// rate

struct RateOptions {
    QString historyDir;
    QString paramsFile;
    QString outputFile;
    ParameterOverrides overrides; // --epsilon, --max-iter
    bool help = false;
};

// Reads the arguments of `rate`; the message of a usage error, or an empty string.
QString readRateOptions(const QStringList& args, RateOptions& options)
{
    OptionReader reader(args);
    QString argument;
    bool isOption = false;
    while (reader.next(argument, isOption)) {
        if (!isOption) {
            if (!options.historyDir.isEmpty())
                return QStringLiteral("unexpected argument '%1'").arg(argument);
            options.historyDir = argument;
            continue;
        }
        if (argument == QLatin1String("-h") || argument == QLatin1String("--help")) {
            options.help = true;
            continue;
        }
        const bool known = argument == QLatin1String("--params") || argument == QLatin1String("--epsilon") ||
                           argument == QLatin1String("--max-iter") || argument == QLatin1String("-o") ||
                           argument == QLatin1String("--output");
        if (!known)
            return QStringLiteral("unknown option '%1'").arg(argument);
        const std::optional<QString> value = reader.value();
        if (!value)
            return QStringLiteral("option %1 needs a value").arg(argument);
        if (argument == QLatin1String("--params")) {
            options.paramsFile = *value;
        } else if (argument == QLatin1String("--epsilon")) {
            bool ok = false;
            const double epsilon = value->toDouble(&ok);
            if (!ok || !std::isfinite(epsilon) || epsilon <= 0.0)
                return QStringLiteral("--epsilon needs a number above 0, not '%1'").arg(*value);
            options.overrides.epsilon = epsilon;
        } else if (argument == QLatin1String("--max-iter")) {
            bool ok = false;
            const int iterations = value->toInt(&ok);
            if (!ok || iterations < 0)
                return QStringLiteral("--max-iter needs a whole number 0 or above, not '%1'").arg(*value);
            options.overrides.maxIterations = iterations;
        } else {
            options.outputFile = *value;
        }
    }
    if (!options.help && options.historyDir.isEmpty())
        return QStringLiteral("missing HISTORY_DIR");
    return {};
}

bool isWholeNumber(const std::string& id)
{
    return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The order of player ids in output: ids that are whole numbers first, in numeric order, then the
// others in string order. (Comparing mixed pairs as strings would not be a consistent order.)
bool playerIdLess(const std::string& a, const std::string& b)
{
    const bool aNumber = isWholeNumber(a);
    const bool bNumber = isWholeNumber(b);
    if (aNumber != bNumber)
        return aNumber;
    if (!aNumber)
        return a < b;
    const std::string_view aDigits = std::string_view(a).substr(std::min(a.find_first_not_of('0'), a.size()));
    const std::string_view bDigits = std::string_view(b).substr(std::min(b.find_first_not_of('0'), b.size()));
    return std::tuple(aDigits.size(), aDigits, a) < std::tuple(bDigits.size(), bDigits, b);
}

void appendCsvField(QByteArray& text, const std::string& value)
{
    if (value.find_first_of(",\"\r\n") == std::string::npos) {
        text.append(value.data(), static_cast<qsizetype>(value.size()));
        return;
    }
    text.append('"');
    for (char c : value) {
        if (c == '"')
            text.append('"');
        text.append(c);
    }
    text.append('"');
}

// player_id,date,mu,sigma: one row per player per date played, by date and then player id.
QByteArray ratingsCsv(const engine::RatingHistory& history, const engine::FlickSkillResult& result)
{
    const std::size_t players = std::min(history.playerIds.size(), result.curves.size());
    std::vector<std::size_t> byId(players);
    std::iota(byId.begin(), byId.end(), std::size_t{0});
    std::sort(byId.begin(), byId.end(), [&](std::size_t x, std::size_t y) {
        return playerIdLess(history.playerIds[x], history.playerIds[y]);
    });
    std::vector<std::size_t> rankOfPlayer(players);
    for (std::size_t rank = 0; rank < players; ++rank)
        rankOfPlayer[byId[rank]] = rank;

    struct Row {
        engine::DayNumber date;
        std::size_t rank;
        const engine::LearningCurvePoint* point;
    };
    std::vector<Row> rows;
    for (std::size_t player = 0; player < players; ++player) {
        for (const engine::LearningCurvePoint& point : result.curves[player])
            rows.push_back({point.date, rankOfPlayer[player], &point});
    }
    std::sort(rows.begin(), rows.end(),
              [](const Row& x, const Row& y) { return std::tie(x.date, x.rank) < std::tie(y.date, y.rank); });

    QByteArray text;
    text.reserve(static_cast<qsizetype>(rows.size() * 48 + 32));
    text.append("player_id,date,mu,sigma\n");
    char number[64];
    for (const Row& row : rows) {
        appendCsvField(text, history.playerIds[byId[row.rank]]);
        text.append(',');
        text.append(engine::formatIsoDate(row.date).c_str());
        const int length =
            std::snprintf(number, sizeof number, ",%.9f,%.9f\n", row.point->mu, row.point->sigma);
        text.append(number, std::clamp(length, 0, static_cast<int>(sizeof number) - 1));
    }
    return text;
}

int runRate(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("rate"));
    RateOptions options;
    if (const QString problem = readRateOptions(args, options); !problem.isEmpty())
        return usageError(err, command, problem);
    if (options.help) {
        printCommandHelp(out, command);
        return cli_exit::ok;
    }

    // Parameters: the folder's params.json, then --params FILE, then --epsilon / --max-iter.
    HistoryFolder folder = readHistoryFolder(options.historyDir);
    std::vector<engine::Defect> defects = std::move(folder.defects);
    ParameterOverrides overrides = folder.parameters;
    if (!options.paramsFile.isEmpty()) {
        ParametersFile file = readParametersJson(options.paramsFile);
        overrides.overrideWith(file.parameters);
        std::move(file.defects.begin(), file.defects.end(), std::back_inserter(defects));
    }
    overrides.overrideWith(options.overrides);

    // DECISIONS D2: bad input is refused with every defect named; nothing is rated or written.
    if (!defects.empty()) {
        for (const engine::Defect& defect : defects)
            err << QString::fromStdString(engine::describe(defect)) << '\n';
        err << "rate: " << defects.size() << (defects.size() == 1 ? " defect" : " defects") << " in "
            << options.historyDir << "; nothing rated\n";
        return cli_exit::inputDefects;
    }

    engine::FlickSkillParameters parameters;
    overrides.applyTo(parameters);
    engine::FlickSkillResult result;
    try {
        result = engine::rateHistory(folder.history, parameters);
    } catch (const std::exception& error) {
        err << "rate: " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }

    const QByteArray csv = ratingsCsv(folder.history, result);
    if (options.outputFile.isEmpty()) {
        out << QString::fromUtf8(csv);
        out.flush();
    } else {
        // A failure leaves no partial file: QSaveFile replaces the target only on commit.
        QSaveFile file(options.outputFile);
        if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !file.commit()) {
            err << "rate: cannot write " << options.outputFile << ": " << file.errorString() << '\n';
            return cli_exit::cannotWrite;
        }
    }

    const auto playersRated = std::count_if(result.curves.begin(), result.curves.end(),
                                            [](const auto& curve) { return !curve.empty(); });
    err << "rate: " << playersRated << " players, " << folder.history.events.size() << " events, "
        << result.iterations << " iterations, step " << QString::number(result.lastStep, 'g', 3)
        << ", converged " << (result.converged ? "yes" : "no") << ", log evidence "
        << QString::number(result.logEvidence, 'f', 6) << '\n';
    return cli_exit::ok;
}

int dispatch(const QStringList& args, QTextStream& out, QTextStream& err)
{
    if (args.isEmpty()) {
        err << programName() << ": missing command\n"
            << "Usage: " << programName() << " COMMAND [ARGUMENTS]; '" << programName()
            << " --help' lists the commands\n";
        return cli_exit::usage;
    }
    const QString& first = args.first();
    if (first == QLatin1String("--help") || first == QLatin1String("-h")) {
        printHelp(out);
        return cli_exit::ok;
    }
    if (first == QLatin1String("--version")) {
        out << programName() << ' ' << QLatin1String(FLICKDESK_VERSION) << '\n';
        return cli_exit::ok;
    }
    if (first == QLatin1String("help") && args.size() == 2) {
        if (const Command* command = findCommand(args[1])) {
            printCommandHelp(out, *command);
            return cli_exit::ok;
        }
    }
    if (const Command* command = findCommand(first))
        return command->run(args.mid(1), out, err);
    err << programName() << ": " << (first.startsWith(u'-') ? "unknown option" : "unknown command") << " '"
        << first << "'\n"
        << "Usage: " << programName() << " COMMAND [ARGUMENTS]; '" << programName()
        << " --help' lists the commands\n";
    return cli_exit::usage;
}

} // namespace

int runCli(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const int status = dispatch(args, out, err);
    out.flush();
    err.flush();
    return status;
}

} // namespace flickdesk::core
