// The flickdesk window: parse the command line and show the main window.
#include "core/store.h"
#include "widgets/mainwindow.h"
#include "widgets/settings.h"

#include <QApplication>
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>

namespace {

void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("FlickDesk"));
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLICKDESK_VERSION));
}

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Tournament desk for crokinole: FlickSkill ratings and Field-Weighted Points."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(QCommandLineOption(
        QStringLiteral("db"),
        QCoreApplication::translate("main", "The FlickDesk database to open (default: %1).")
            .arg(QDir::toNativeSeparators(flickdesk::core::Store::defaultPath())),
        QCoreApplication::translate("main", "FILE")));
}

} // namespace

int main(int argc, char* argv[])
{
    {
        // --help and --version only print, so they must work without a display (a terminal, CI).
        // QApplication would abort there, so answer them before it exists.
        QCoreApplication textOnly(argc, argv);
        describeApplication();
        QCommandLineParser parser;
        addOptions(parser);
        // Qt's own options (-platform, -style) are not known yet; process() below checks them.
        (void)parser.parse(QCoreApplication::arguments());
        if (parser.isSet(QStringLiteral("help")))
            parser.showHelp();
        if (parser.isSet(QStringLiteral("version")))
            parser.showVersion();
    }

    QApplication app(argc, argv);
    describeApplication();
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    // --db, else the database opened last, else the default one.
    QString database = parser.value(QStringLiteral("db"));
    if (database.isEmpty())
        database = flickdesk::ui::settings::lastDatabase().get();
    if (database.isEmpty())
        database = flickdesk::core::Store::defaultPath();
    flickdesk::ui::MainWindow window;
    window.restoreWindowSettings();
    window.show();
    // A failure is shown in a message box over the window; the window stays for File > Open.
    window.openDatabase(database);
    return QApplication::exec();
}
