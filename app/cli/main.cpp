// flickdesk-cli: the commands live in flickdesk_cli (cli/cli.h, beside this file), so that tests run them
// in-process.
#include "cli/cli.h"

#include <QCoreApplication>
#include <QTextStream>
#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    // The names QStandardPaths builds the default database's folder from: the command line and the
    // window share one database (core/store/store.h, Store::defaultPath()).
    QCoreApplication::setApplicationName(QStringLiteral("FlickDesk"));
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLICKDESK_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return flickdesk::core::runCli(QCoreApplication::arguments().mid(1), out, err);
}
