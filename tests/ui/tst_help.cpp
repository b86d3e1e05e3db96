// Help and the director's words (issue 14): no two keys of one window state do two things
// (every QAction shortcut and every Alt+letter of the visible buttons, labels, tabs and menus);
// Help > Keyboard Shortcuts generated from the menus; Help > User Guide (F1) read from the
// program's resources with its screenshots; no rule code ("DECISIONS P2", "N4") in a message the
// window can show; and a smoke-test run that leaves the settings the next start reads untouched.
#include "../common/imagecheck.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "widgets/charts/payoutchart.h"
#include "widgets/eventday/entrantspanel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/simulatorwidget.h"
#include "widgets/helpdialogs.h"
#include "widgets/mainwindow.h"
#include "widgets/settings.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QShortcut>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QTextLayout>
#include <map>
#include <memory>
#include <vector>

using namespace flickdesk;
using ui::MainWindow;

namespace {

// Every key of `window` as it stands now and what it does: the shortcuts of its actions and
// QShortcuts, and the Alt+letter of its menu titles and of its visible buttons, labels with a buddy,
// checkable group boxes and tabs. Two users of one key are a clash.
std::map<QKeySequence, QStringList> keysOf(QWidget* window)
{
    std::map<QKeySequence, QStringList> keys;
    const auto alt = [](QChar letter) {
        return QKeySequence(QKeyCombination(Qt::ALT, Qt::Key(letter.unicode())));
    };
    const auto addMnemonic = [&](const QString& text, const QString& what) {
        const QChar letter = ui::mnemonicOf(text);
        if (!letter.isNull())
            keys[alt(letter)].append(what);
    };
    QSet<const QAction*> seen;
    for (QAction* action : window->findChildren<QAction*>()) {
        if (seen.contains(action) || action->isSeparator())
            continue;
        seen.insert(action);
        for (const QKeySequence& key : action->shortcuts())
            keys[key].append(QStringLiteral("action ") + action->text());
    }
    for (QShortcut* shortcut : window->findChildren<QShortcut*>()) {
        auto* parent = qobject_cast<QWidget*>(shortcut->parent());
        if (shortcut->isEnabled() && (!parent || parent->isVisible()))
            keys[shortcut->key()].append(QStringLiteral("shortcut of ") +
                                         (parent ? parent->objectName() : QStringLiteral("?")));
    }
    if (auto* main = qobject_cast<QMainWindow*>(window)) {
        for (QAction* menu : main->menuBar()->actions())
            addMnemonic(menu->text(), QStringLiteral("menu ") + menu->text());
    }
    for (QAbstractButton* button : window->findChildren<QAbstractButton*>())
        if (button->isVisible())
            addMnemonic(button->text(), QStringLiteral("button ") + button->text());
    for (QLabel* label : window->findChildren<QLabel*>())
        if (label->isVisible() && label->buddy())
            addMnemonic(label->text(), QStringLiteral("label ") + label->text());
    for (QGroupBox* box : window->findChildren<QGroupBox*>())
        if (box->isVisible() && box->isCheckable())
            addMnemonic(box->title(), QStringLiteral("group ") + box->title());
    for (QTabBar* bar : window->findChildren<QTabBar*>())
        if (bar->isVisible())
            for (int index = 0; index < bar->count(); ++index)
                if (bar->isTabVisible(index))
                    addMnemonic(bar->tabText(index), QStringLiteral("tab ") + bar->tabText(index));
    return keys;
}

// The menus' own letters: within one menu, no two commands share one.
QStringList menuClashes(QMenu* menu)
{
    QStringList clashes;
    std::map<QChar, QStringList> letters;
    for (QAction* action : menu->actions()) {
        if (action->isSeparator())
            continue;
        const QChar letter = ui::mnemonicOf(action->text());
        if (!letter.isNull())
            letters[letter].append(action->text());
        if (action->menu())
            clashes += menuClashes(action->menu());
    }
    for (const auto& [letter, texts] : letters)
        if (texts.size() > 1)
            clashes.append(menu->title() + QStringLiteral(": ") + texts.join(QStringLiteral(" / ")));
    return clashes;
}

QStringList clashesOf(QWidget* window, const QString& state)
{
    // A widget added to a shown window is shown by a queued call (QLayout::addChildWidget).
    QCoreApplication::processEvents();
    QStringList clashes;
    for (const auto& [key, users] : keysOf(window))
        if (users.size() > 1)
            clashes.append(
                QStringLiteral("%1: %2 is %3").arg(state, key.toString(), users.join(QStringLiteral(", "))));
    if (auto* main = qobject_cast<QMainWindow*>(window))
        for (QAction* menu : main->menuBar()->actions())
            if (menu->menu())
                clashes += menuClashes(menu->menu());
    return clashes;
}

QString sourceRoot()
{
    return QStringLiteral(FLICKDESK_SOURCE_DIR); // tests/CMakeLists.txt
}

} // namespace

class TestHelp : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void noKeyDoesTwoThingsInAnyState();
    void shortcutsDialogIsGeneratedFromTheMenus();
    void userGuideOpensWithF1FromTheResources();
    void messagesCarryNoRuleCodes();
    void countsSayWhatTheyCount();
    void simulatorFromTheEventDrawsItsCurve();
    void smokeTestLeavesTheSettingsAlone();
    void screenshots();

private:
    std::unique_ptr<MainWindow> openedWindow(const QString& file);
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
};

void TestHelp::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_help"));
    // The settings in a file of this test's own (QSettings: the INI format under a temporary folder).
    QVERIFY(m_dir.isValid());
    QVERIFY(m_settingsDir.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
}

void TestHelp::init()
{
    QSettings().clear();
}

std::unique_ptr<MainWindow> TestHelp::openedWindow(const QString& file)
{
    auto window = std::make_unique<MainWindow>();
    window->resize(1280, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    if (!window->openDatabase(m_dir.filePath(file), MainWindow::FirstStart::LoadSample))
        return nullptr;
    return window;
}

void TestHelp::noKeyDoesTwoThingsInAnyState()
{
    MainWindow empty;
    empty.resize(1280, 800);
    empty.show();
    QVERIFY(QTest::qWaitForWindowExposed(&empty));
    QStringList clashes = clashesOf(&empty, QStringLiteral("no database"));

    std::unique_ptr<MainWindow> window = openedWindow(QStringLiteral("keys.sqlite"));
    QVERIFY(window);
    // A doubles event shows Pair partners as well.
    const QString doubles = window->store()->createEvent(
        testing::draftOn(QStringLiteral("2026-11-21"), engine::EventFormat::Doubles));
    QVERIFY(window->selectEvent(doubles));
    QTabWidget* tabs = window->tabs();
    tabs->setCurrentIndex(0);
    window->eventTabs()->setCurrentIndex(0);
    clashes += clashesOf(window.get(), QStringLiteral("doubles entrants"));
    window->eventTabs()->setCurrentIndex(1);
    clashes += clashesOf(window.get(), QStringLiteral("results"));
    const QString singles = window->store()->createEvent(testing::draftOn(QStringLiteral("2026-11-22")));
    QVERIFY(window->selectEvent(singles));
    window->eventTabs()->setCurrentIndex(0);
    clashes += clashesOf(window.get(), QStringLiteral("singles entrants"));
    for (int index = 1; index < tabs->count(); ++index) {
        tabs->setCurrentIndex(index);
        QCoreApplication::processEvents();
        clashes += clashesOf(window.get(), tabs->tabText(index));
    }
    for (const QString& clash : clashes)
        qWarning("%s", qPrintable(clash));
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u'\n')));
}

void TestHelp::shortcutsDialogIsGeneratedFromTheMenus()
{
    std::unique_ptr<MainWindow> window = openedWindow(QStringLiteral("shortcuts.sqlite"));
    QVERIFY(window);
    auto* helpMenu = window->findChild<QMenu*>(QStringLiteral("helpMenu"));
    QVERIFY(helpMenu);
    auto* shortcutsAction = window->findChild<QAction*>(QStringLiteral("keyboardShortcutsAction"));
    QVERIFY(shortcutsAction);
    QVERIFY(helpMenu->actions().contains(shortcutsAction));

    std::unique_ptr<ui::KeyboardShortcutsDialog> dialog(window->createShortcutsDialog());
    QTableWidget* table = dialog->table();
    const auto rowOf = [table](const QString& command) {
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->item(row, ui::KeyboardShortcutsDialog::CommandColumn)->text() == command)
                return row;
        return -1;
    };
    // Every command of every menu, with the keys it has.
    int commands = 0;
    // A submenu (File > Paper Size) is no command: its own commands are listed.
    std::vector<const QMenu*> menus;
    for (QAction* menu : window->menuBar()->actions())
        menus.push_back(menu->menu());
    for (std::size_t m = 0; m < menus.size(); ++m) {
        for (QAction* action : menus[m]->actions()) {
            if (action->isSeparator())
                continue;
            if (action->menu()) {
                menus.push_back(action->menu());
                continue;
            }
            ++commands;
            const int row = rowOf(ui::withoutMnemonic(action->text()));
            QVERIFY2(row >= 0, qPrintable(action->text()));
            for (const QKeySequence& key : action->shortcuts())
                QVERIFY2(table->item(row, ui::KeyboardShortcutsDialog::ShortcutColumn)
                             ->text()
                             .contains(key.toString(QKeySequence::NativeText)),
                         qPrintable(action->text()));
        }
    }
    QCOMPARE(table->rowCount(), commands + window->tabs()->count());
    const int undo = rowOf(QStringLiteral("Undo"));
    QCOMPARE(table->item(undo, ui::KeyboardShortcutsDialog::ShortcutColumn)->text(),
             QStringLiteral("Ctrl+Z"));
    QCOMPARE(table->item(undo, ui::KeyboardShortcutsDialog::MenuKeysColumn)->text(),
             QStringLiteral("Alt+E, U"));
    const int guide = rowOf(QStringLiteral("User Guide"));
    QCOMPARE(table->item(guide, ui::KeyboardShortcutsDialog::ShortcutColumn)->text(), QStringLiteral("F1"));
    const int ratings = rowOf(QStringLiteral("Ratings"));
    QVERIFY(ratings >= 0);
    QCOMPARE(table->item(ratings, ui::KeyboardShortcutsDialog::PlaceColumn)->text(), QStringLiteral("Tabs"));
    QCOMPARE(table->item(ratings, ui::KeyboardShortcutsDialog::ShortcutColumn)->text(),
             QStringLiteral("Alt+R"));

    // Generated, not a hand list: a command added to a menu is listed with its keys.
    auto* extra = helpMenu->addAction(QStringLiteral("Extra Command"));
    extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_X));
    dialog.reset(window->createShortcutsDialog());
    const int extraRow = [&] {
        for (int row = 0; row < dialog->table()->rowCount(); ++row)
            if (dialog->table()->item(row, ui::KeyboardShortcutsDialog::CommandColumn)->text() ==
                QStringLiteral("Extra Command"))
                return row;
        return -1;
    }();
    QVERIFY(extraRow >= 0);
    QCOMPARE(dialog->table()->item(extraRow, ui::KeyboardShortcutsDialog::ShortcutColumn)->text(),
             QStringLiteral("Ctrl+Alt+X"));
    delete extra;
    dialog.reset();

    // From the keyboard: Help > Keyboard Shortcuts opens it over the window.
    shortcutsAction->trigger();
    QTRY_VERIFY(window->findChild<ui::KeyboardShortcutsDialog*>() != nullptr);
    ui::KeyboardShortcutsDialog* shown = window->findChild<ui::KeyboardShortcutsDialog*>();
    QTRY_VERIFY(shown->isVisible());
    QTest::keyClick(shown, Qt::Key_Escape);
    QTRY_VERIFY(window->findChild<ui::KeyboardShortcutsDialog*>() == nullptr);
}

void TestHelp::userGuideOpensWithF1FromTheResources()
{
    std::unique_ptr<MainWindow> window = openedWindow(QStringLiteral("guide.sqlite"));
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QVERIFY(!window->userGuide());
    QTest::keyClick(window->eventListView(), Qt::Key_F1);
    QVERIFY(window->userGuide());
    QTRY_VERIFY(window->userGuide()->isVisible());
    QTextBrowser* browser = window->userGuide()->browser();
    QCOMPARE(browser->source(), QUrl(ui::UserGuideDialog::guideUrl()));
    // The guide as written in docs/user-guide.md, its markdown laid out (a heading, not "# ...").
    QFile source(sourceRoot() + QStringLiteral("/docs/user-guide.md"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QString markdown = QString::fromUtf8(source.readAll());
    const QString firstHeading =
        markdown.section(u'\n', 0, 0).remove(QRegularExpression(QStringLiteral("^#+\\s*")));
    QVERIFY(!firstHeading.isEmpty());
    const QString shown = browser->document()->toPlainText();
    QVERIFY2(shown.startsWith(firstHeading), qPrintable(shown.left(200)));
    QVERIFY(!shown.contains(QStringLiteral("](screenshots/")));
    // The rule references of the written guide are left out of the window.
    QVERIFY(markdown.contains(QStringLiteral("DECISIONS P")));
    QVERIFY2(!shown.contains(QStringLiteral("DECISIONS")), qPrintable(shown));
    QCOMPARE(ui::withoutRuleReferences(QStringLiteral("FSI cap (FlickDesk proposes 1.00, DECISIONS P4).")),
             QStringLiteral("FSI cap (FlickDesk proposes 1.00)."));
    QCOMPARE(ui::withoutRuleReferences(QStringLiteral("cannot be rated\n(DECISIONS N4): FlickDesk")),
             QStringLiteral("cannot be rated: FlickDesk"));
    QCOMPARE(ui::withoutRuleReferences(QStringLiteral("(DECISIONS D1: players are known by id)")),
             QStringLiteral("(players are known by id)"));

    // Every picture the guide shows comes from the program's resources.
    int images = 0;
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (!format.isImageFormat())
                continue;
            ++images;
            const QUrl url = browser->source().resolved(QUrl(format.toImageFormat().name()));
            QCOMPARE(url.scheme(), QStringLiteral("qrc"));
            const QVariant image = browser->loadResource(QTextDocument::ImageResource, url);
            QVERIFY2(image.isValid() && !image.value<QByteArray>().isEmpty(), qPrintable(url.toString()));
            // Shown no wider than the page, whatever size the screenshot was taken at.
            QVERIFY(format.toImageFormat().width() > 0 && format.toImageFormat().width() <= 860);
        }
    }
    QCOMPARE(images, int(markdown.count(QStringLiteral("](screenshots/"))));
    QVERIFY(images >= 4);

    // A link to another page of the docs opens it here; Back returns.
    Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("imports.md")));
    QCOMPARE(browser->source(), QUrl(QStringLiteral("qrc:/guide/imports.md")));
    QVERIFY(browser->document()->toPlainText().size() > 100);
    // A web address is not fetched: the page stays.
    Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("https://example.org/")));
    QCOMPARE(browser->source(), QUrl(QStringLiteral("qrc:/guide/imports.md")));
    auto* back = window->userGuide()->findChild<QPushButton*>(QStringLiteral("guideBackButton"));
    QVERIFY(back && back->isEnabled());
    QTest::mouseClick(back, Qt::LeftButton);
    QCOMPARE(browser->source(), QUrl(ui::UserGuideDialog::guideUrl()));

    // F1 again raises the same window rather than opening another.
    QPointer<ui::UserGuideDialog> first = window->userGuide();
    window->findChild<QAction*>(QStringLiteral("userGuideAction"))->trigger();
    QCOMPARE(window->userGuide(), first.data());
    QCOMPARE(window->findChildren<ui::UserGuideDialog*>().size(), 1);
}

void TestHelp::messagesCarryNoRuleCodes()
{
    // Every translated string of the window and the libraries under it, with its call; a rule code
    // ("DECISIONS P2", "N4") is for tooltips and comments, never for a message or a label.
    const QRegularExpression call(QStringLiteral("\\b(?:tr|translate)\\s*\\("));
    const QRegularExpression literal(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
    // (A4 is a paper size, not rule A4.)
    const QRegularExpression ruleCode(QStringLiteral("\\bDECISIONS\\b|\\b(?!A4\\b)[ADKNPST][0-9]{1,2}\\b"));
    QStringList found;
    int strings = 0;
    for (const QString& folder : {QStringLiteral("/ui"), QStringLiteral("/engine"), QStringLiteral("/app")}) {
        QDirIterator it(sourceRoot() + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            const bool engine = folder == QLatin1String("/engine");
            // The engine has no tr(): its messages are plain string literals the window shows.
            QRegularExpressionMatchIterator calls =
                engine ? literal.globalMatch(text) : call.globalMatch(text);
            while (calls.hasNext()) {
                const QRegularExpressionMatch match = calls.next();
                // The literals of the call: those that follow it up to its closing parenthesis.
                QString message;
                qsizetype at = match.capturedEnd();
                if (engine) {
                    message = match.captured(1);
                } else {
                    int depth = 1;
                    while (at < text.size() && depth > 0) {
                        const QChar c = text.at(at);
                        if (c == u'"') {
                            const QRegularExpressionMatch piece = literal.match(text, at);
                            message += piece.captured(1);
                            at = piece.capturedEnd();
                            continue;
                        }
                        if (c == u'/' && at + 1 < text.size() && text.at(at + 1) == u'/') {
                            at = text.indexOf(u'\n', at);
                            continue;
                        }
                        depth += c == u'(' ? 1 : c == u')' ? -1 : 0;
                        ++at;
                    }
                }
                const qsizetype line = text.left(match.capturedStart()).count(u'\n') + 1;
                const QString lineText =
                    text.mid(text.lastIndexOf(u'\n', match.capturedStart()) + 1,
                             match.capturedStart() - text.lastIndexOf(u'\n', match.capturedStart()));
                if (lineText.trimmed().startsWith(QLatin1String("//")))
                    continue; // a comment
                ++strings;
                if (!ruleCode.match(message).hasMatch())
                    continue;
                // A tooltip may cite the rule: the call's statement sets one.
                const QString before = text.mid(qMax<qsizetype>(0, match.capturedStart() - 160), 160);
                if (before.contains(QLatin1String("ToolTip")))
                    continue;
                // The command line's own --help text may name the rules for the people who script it.
                if (path.contains(QLatin1String("/cli/")) || path.contains(QLatin1String("/app/")))
                    continue;
                found.append(QStringLiteral("%1:%2: %3")
                                 .arg(QDir(sourceRoot()).relativeFilePath(path))
                                 .arg(line)
                                 .arg(message));
            }
        }
    }
    QVERIFY(strings > 500);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
}

void TestHelp::countsSayWhatTheyCount()
{
    std::unique_ptr<MainWindow> window = openedWindow(QStringLiteral("counts.sqlite"));
    QVERIFY(window);
    const QString event = window->store()->createEvent(testing::draftOn(QStringLiteral("2026-11-21")));
    QVERIFY(window->selectEvent(event));
    const QStringList players = testing::recentPlayers(*window->store(), 3);
    QCOMPARE(players.size(), 3);
    for (const QString& player : players)
        QVERIFY(window->session()->addEntrant({player}));
    QLabel* counts = window->entrantsPanel()->countsLabel();
    QVERIFY2(counts->text().startsWith(QStringLiteral("Not checked in: 3 · Checked in: 0 · Withdrawn: 0")),
             qPrintable(counts->text()));
    QVERIFY(counts->text().contains(QStringLiteral("Field (N): 0")));
    QVERIFY(!counts->text().contains(QStringLiteral("Registered")));
    QVERIFY(!counts->text().contains(QStringLiteral("N =")));
    QVERIFY(counts->toolTip().contains(QStringLiteral("P3")));
}

void TestHelp::simulatorFromTheEventDrawsItsCurve()
{
    std::unique_ptr<MainWindow> window = openedWindow(QStringLiteral("simulator.sqlite"));
    QVERIFY(window);
    const QString event = window->store()->createEvent(testing::draftOn(QStringLiteral("2026-11-21")));
    QVERIFY(window->selectEvent(event));
    QVERIFY(testing::waitForRatings(*window->session())); // the simulator starts from them
    const QStringList players = testing::recentPlayers(*window->store(), 24);
    QCOMPARE(players.size(), 24);
    for (const QString& player : players) {
        const std::optional<int> unit = window->session()->addEntrant({player});
        QVERIFY(unit);
        QVERIFY(window->session()->setCheckedIn(*unit, true));
    }
    const engine::PayoutTable now = window->session()->payoutPreview()->table();
    QCOMPARE(now.fieldSize, 24);

    // Event > Simulator from This Event, by its keys.
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QTest::keyClick(window->eventListView(), Qt::Key_M, Qt::ControlModifier);
    ui::SimulatorWidget* simulator = window->simulator();
    QCOMPARE(window->tabs()->currentWidget(), simulator);
    QVERIFY(simulator->hasEvent());
    QCOMPARE(simulator->fieldSize(), 24);
    QCOMPARE(simulator->fieldRatings().size(), std::size_t{24});
    QCOMPARE(simulator->chart()->comparisonName(), QStringLiteral("Tavistock Open now"));
    QCOMPARE(simulator->chart()->comparisonPoints().size(), 24);
    QCOMPARE(simulator->chart()->comparisonPoints().front().y(), now.points.front());

    // Ten more players rated about 3.5: the field of 34 the engine would pay, the event's curve beside.
    simulator->addCountSpin()->setValue(10);
    simulator->addRatingSpin()->setValue(3.5);
    QTest::keyClick(simulator->addButton(), Qt::Key_Space);
    QCOMPARE(simulator->fieldSize(), 34);
    std::vector<double> field = simulator->fieldRatings();
    QCOMPARE(field.size(), std::size_t{34});
    const engine::PayoutTable expected =
        engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::Three, field);
    QVERIFY(qFuzzyCompare(simulator->table().fieldStrengthIndex, expected.fieldStrengthIndex));
    QCOMPARE(simulator->chart()->comparisonPoints().size(), 24);
    QCOMPARE(simulator->chart()->curvePoints().size(), 34);
    // Nothing of the what-if reaches the event.
    QCOMPARE(window->session()->payoutPreview()->table().fieldSize, 24);
}

void TestHelp::smokeTestLeavesTheSettingsAlone()
{
    // The settings of the director's machine, in this test's own file.
    const QString everyday = m_dir.filePath(QStringLiteral("everyday.sqlite"));
    ui::settings::lastDatabase().set(everyday);
    const QByteArray geometry = QByteArrayLiteral("geometry of the morning");
    ui::settings::windowGeometry().set(geometry);
    QSettings().sync();
    QVERIFY(QFileInfo(QSettings().fileName())
                .absoluteFilePath()
                .startsWith(QDir(m_settingsDir.path()).absolutePath()));
    QFile settingsFile(QSettings().fileName());
    QVERIFY(settingsFile.open(QIODevice::ReadOnly));
    const QByteArray before = settingsFile.readAll();
    settingsFile.close();

    // What --smoke-test --db X does (app/gui/main.cpp): show, open X, select, quit.
    const QString checked = m_dir.filePath(QStringLiteral("smoke.sqlite"));
    {
        MainWindow window;
        window.setRemembersSettings(false);
        window.show();
        QVERIFY(window.openDatabase(checked, MainWindow::FirstStart::LoadSample));
        QVERIFY(window.selectEvent(window.store()->events().front().id));
        window.close();
    }
    QSettings().sync();
    QCOMPARE(ui::settings::lastDatabase().get(), everyday);
    QCOMPARE(ui::settings::windowGeometry().get(), geometry);
    QVERIFY(ui::settings::lastEvent(QFileInfo(checked).absoluteFilePath()).get().isEmpty());
    QVERIFY(settingsFile.open(QIODevice::ReadOnly));
    QCOMPARE(settingsFile.readAll(), before);
    settingsFile.close();

    // A normal run (a --db given on the command line too) remembers what the director worked on.
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openDatabase(checked, MainWindow::FirstStart::LoadSample));
        window.close();
    }
    QSettings().sync();
    QCOMPARE(QFileInfo(ui::settings::lastDatabase().get()), QFileInfo(checked));
}

void TestHelp::screenshots()
{
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("FLICKDESK_SCREENSHOT_DIR is not set");
    QVERIFY(QDir().mkpath(dir));
    std::unique_ptr<MainWindow> window = openedWindow(QStringLiteral("pictures.sqlite"));
    QVERIFY(window);
    window->showShortcutsDialog();
    QTRY_VERIFY(window->findChild<ui::KeyboardShortcutsDialog*>() != nullptr);
    ui::KeyboardShortcutsDialog* shortcuts = window->findChild<ui::KeyboardShortcutsDialog*>();
    QVERIFY(QTest::qWaitForWindowExposed(shortcuts));
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = shortcuts->grab().toImage()), 5000);
    QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("help-shortcuts.png"))));
    shortcuts->close();

    window->showUserGuide();
    ui::UserGuideDialog* guide = window->userGuide();
    QVERIFY(QTest::qWaitForWindowExposed(guide));
    guide->resize(1000, 760);
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = guide->grab().toImage()), 5000);
    QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("help-user-guide.png"))));
    // Down to the first screenshot, to see it drawn from the resources.
    guide->browser()->scrollToAnchor(QString());
    const int y =
        guide->browser()->document()->find(QStringLiteral("Entrants")).block().layout()->position().y();
    guide->browser()->verticalScrollBar()->setValue(int(y));
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = guide->grab().toImage()), 5000);
    QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("help-user-guide-pictures.png"))));
}

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
