// The flickdesk window: parse the command line and show the main window.
#include "core/store/store.h"
#include "widgets/mainwindow.h"
#include "widgets/settings.h"

#include <QApplication>
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QGuiApplication>
#include <QTextStream>

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
        "main", "Tournament desk for rated tabletop games: FlickSkill ratings and Field-Weighted Points "
                "for crokinole; ACF checkers, Kings Cribbage and Diplomacy Squares rating pools."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(QCommandLineOption(
        QStringLiteral("db"),
        QCoreApplication::translate("main", "The FlickDesk database to open (default: %1).")
            .arg(QDir::toNativeSeparators(flickdesk::core::Store::defaultPath())),
        QCoreApplication::translate("main", "FILE")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("smoke-test"),
        QCoreApplication::translate("main",
                                    "Check that the program runs, then quit: show the window, open the "
                                    "database (or create it where nothing is; an empty file is refused), "
                                    "load the sample history into an empty one, print what was shown and "
                                    "exit (0 when the database opened, else 1 and the reason). For "
                                    "package tests; with QT_QPA_PLATFORM=offscreen it needs no display.")));
}

// --smoke-test: what a package test runs from the installed files only. Nothing waits for a
// person: an empty database gets the sample history instead of the first-start dialog. The
// window's saved geometry is neither restored nor saved, and the settings are left as they were:
// the database checked does not become the one the next normal start opens.
int smokeTest(const QString& database)
{
    flickdesk::ui::MainWindow window;
    window.setRemembersSettings(false);
    window.show();
    const bool opened = window.openDatabase(database, flickdesk::ui::MainWindow::FirstStart::LoadSample);
    QCoreApplication::processEvents();
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (!opened || !window.store() || !window.isVisible()) {
        err << QCoreApplication::translate("main", "FlickDesk %1: the database %2 could not be opened: %3")
                   .arg(QCoreApplication::applicationVersion(), QDir::toNativeSeparators(database),
                        window.lastOpenError().isEmpty()
                            ? QCoreApplication::translate("main", "the window did not show")
                            : window.lastOpenError())
            << Qt::endl;
        return 1;
    }
    out << QCoreApplication::translate("main",
                                       "FlickDesk %1: window shown (%2), database %3 open with %n event(s)",
                                       nullptr, window.store()->eventCount())
               .arg(QCoreApplication::applicationVersion(), QGuiApplication::platformName(),
                    QDir::toNativeSeparators(window.store()->path()))
        << Qt::endl;
    return 0;
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
    // Wayland and the task bar find the window's desktop file and icon by this name (installer/).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.flickdesk.FlickDesk"));
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    // --db, else the database opened last, else the default one.
    QString database = parser.value(QStringLiteral("db"));
    if (parser.isSet(QStringLiteral("smoke-test")))
        return smokeTest(database.isEmpty() ? flickdesk::core::Store::defaultPath() : database);
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
