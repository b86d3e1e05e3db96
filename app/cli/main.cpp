// flickdesk-cli: the commands live in flickdesk_core (core/cli.h), so that tests run them in-process.
#include "core/cli.h"

#include <QCoreApplication>
#include <QTextStream>
#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("flickdesk-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLICKDESK_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return flickdesk::core::runCli(QCoreApplication::arguments().mid(1), out, err);
}
