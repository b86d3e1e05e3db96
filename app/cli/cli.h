#pragma once

// flickdesk-cli as a library function, so that tests run its commands in-process.

#include <QStringList>

class QTextStream;

namespace flickdesk::core {

// Exit status of flickdesk-cli (the numbers of sysexits.h where one fits).
namespace cli_exit {
inline constexpr int ok = 0;
inline constexpr int inputDefects = 2;   // the input has defects, all listed on the error stream
inline constexpr int usage = 64;         // EX_USAGE: unknown command or option, missing argument
inline constexpr int badDatabase = 65;   // EX_DATAERR: not a FlickDesk database, damaged, or check failed
inline constexpr int noDatabase = 66;    // EX_NOINPUT: no database at the path given; nothing created
inline constexpr int internalError = 70; // EX_SOFTWARE
inline constexpr int cannotWrite = 73;   // EX_CANTCREAT: the output file or the database not written
inline constexpr int databaseBusy = 75;  // EX_TEMPFAIL: another FlickDesk holds the database
} // namespace cli_exit

// Runs one command. `args` are the command-line arguments without the program name, e.g.
// {"rate", "history/", "-o", "ratings.csv"}. Results go to `out` (or a file), messages to `err`.
int runCli(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace flickdesk::core
