// The entrants panel's own wiring, offscreen, on a temporary database: a new player typed inline,
// doubles partners paired from the table (and undone), a pasted name list confirmed, and the
// first-start dialog's two answers. tst_morning covers the singles morning end to end.

#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "widgets/eventday/entrantlistmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventsession.h"
#include "widgets/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/firststartdialog.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace flickdesk;

namespace {

QSet<QString> playersOf(const ui::EntrantListModel& model)
{
    QSet<QString> teams;
    for (int row = 0; row < model.rowCount(); ++row)
        teams.insert(model.index(row, 0).data(ui::EntrantListModel::PlayerIdsRole).toStringList().join(u'+'));
    return teams;
}

} // namespace

class TestEntrantsPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void newPlayerTypedInline();
    void doublesPartnersPairedAndUndone();
    void pastedNameListAddsEveryLine();
    void nameListFileRefused_data();
    void nameListFileRefused();
    void pastedNameListRefused();
    void firstStartDialogAnswers();
    void checkInUpdatesThePreviewOnce();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<core::Store> m_store;
    std::unique_ptr<ui::EventSession> m_session;
    std::unique_ptr<ui::EntrantsPanel> m_panel;
};

void TestEntrantsPanel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = testing::openStore(m_dir->filePath(QStringLiteral("panel.sqlite")));
    QVERIFY(m_store);
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-06");
    draft.name = QStringLiteral("Tavistock Doubles");
    draft.format = engine::EventFormat::Doubles;
    draft.tier = 3;
    draft.tour = core::Tour::Competitive;
    const QString eventId = m_store->createEvent(draft);
    m_session = std::make_unique<ui::EventSession>(*m_store, eventId);
    QVERIFY(m_session->isValid());
    m_panel = std::make_unique<ui::EntrantsPanel>();
    m_panel->setSession(m_session.get());
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestEntrantsPanel::cleanup()
{
    m_panel.reset();
    m_session.reset();
    m_store.reset();
    m_dir.reset();
}

void TestEntrantsPanel::newPlayerTypedInline()
{
    auto* name = m_panel->findChild<QLineEdit*>(QStringLiteral("newPlayerName"));
    auto* location = m_panel->findChild<QLineEdit*>(QStringLiteral("newPlayerLocation"));
    QVERIFY(name && location);
    QTest::keyClicks(name, QStringLiteral("Ann Example"));
    QTest::keyClicks(location, QStringLiteral("Tavistock"));
    QTest::keyClick(location, Qt::Key_Return);

    const ui::EntrantListModel& model = *m_session->entrants();
    QCOMPARE(model.rowCount(), 1);
    const QString id = *playersOf(model).begin();
    QVERIFY2(id.startsWith(u'L'), qPrintable(id)); // DECISIONS D1: a local id until the NCA gives one
    const std::optional<core::PlayerRecord> player = m_store->player(id);
    QVERIFY(player);
    QCOMPARE(player->name, QStringLiteral("Ann Example"));
    QCOMPARE(player->location, QStringLiteral("Tavistock"));
    QVERIFY(name->text().isEmpty()); // ready for the next one
}

void TestEntrantsPanel::doublesPartnersPairedAndUndone()
{
    const QString a = m_store->addPlayer(QStringLiteral("Ann"), QStringLiteral("Tavistock"));
    const QString b = m_store->addPlayer(QStringLiteral("Bea"), QStringLiteral("Elmira"));
    QVERIFY(m_session->addEntrant({a}));
    QVERIFY(m_session->addEntrant({b}));
    const ui::EntrantListModel& model = *m_session->entrants();
    QCOMPARE(model.rowCount(), 2);

    QTableView* table = m_panel->entrantsView();
    table->selectionModel()->select(table->model()->index(0, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    table->selectionModel()->select(table->model()->index(1, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    auto* pair = m_panel->findChild<QPushButton*>(QStringLiteral("pairButton"));
    QVERIFY(pair);
    QVERIFY(pair->isEnabled());
    QTest::mouseClick(pair, Qt::LeftButton);

    QCOMPARE(model.rowCount(), 1);
    const QString team = *playersOf(model).begin();
    QVERIFY2(team == a + u'+' + b || team == b + u'+' + a, qPrintable(team));
    QCOMPARE(m_store->entrants(m_session->event().id).size(), std::size_t{1});

    m_session->undoStack()->undo();
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(playersOf(model), QSet<QString>({a, b}));
    QCOMPARE(m_store->entrants(m_session->event().id).size(), std::size_t{2});
}

void TestEntrantsPanel::pastedNameListAddsEveryLine()
{
    // Two players share a first name; one pasted line is nobody yet.
    const QString lopez = m_store->addPlayer(QStringLiteral("Maria Lopez"), QStringLiteral("Kitchener"));
    const QString lopes = m_store->addPlayer(QStringLiteral("Maria Lopes"), QStringLiteral("Ottawa"));
    ui::NameListDialog dialog(*m_store);
    dialog.setText(QStringLiteral("maria lopez\nMaria Lopes\nNobody Here Yet\n"));
    dialog.findPlayers();
    const std::vector<ui::NameListDialog::Choice> choices = dialog.choices();
    QCOMPARE(choices.size(), std::size_t{3});
    QCOMPARE(choices[0].playerId, lopez); // case does not matter
    QCOMPARE(choices[1].playerId, lopes); // the exact name wins over the near one
    QVERIFY(choices[2].createNew);

    QCOMPARE(m_panel->addChoices(choices), 3);
    const QSet<QString> entered = playersOf(*m_session->entrants());
    QVERIFY(entered.contains(lopez));
    QVERIFY(entered.contains(lopes));
    QCOMPARE(entered.size(), 3);
}

// A list of names read from a file: UTF-8 text of an ordinary file, or nothing is proposed.
void TestEntrantsPanel::nameListFileRefused_data()
{
    QTest::addColumn<QByteArray>("bytes"); // the file's contents; empty for a link to /dev/zero
    QTest::addColumn<QString>("expected"); // the problem shown, after the file's path

    QTest::newRow("/dev/zero") << QByteArray()
                               << QStringLiteral(
                                      ": is not an ordinary file (a device, a pipe or a socket); FlickDesk "
                                      "reads only files saved on a disk");
    QTest::newRow("a Latin-1 name")
        << QByteArray("Maria Lopez\nAn\xE9n\n")
        << QStringLiteral(
               " line 2: is not valid UTF-8 text (byte 0xE9 at position 3): save the file as UTF-8");
    QTest::newRow("a byte order mark starting a line")
        << QByteArray("\xEF\xBB\xBFMaria Lopez\n\xEF\xBB\xBFMaria Lopes\n")
        << QStringLiteral(
               " line 2: contains a byte order mark (U+FEFF) at position 1, which belongs only at the "
               "very start of a file: save the file as UTF-8 again");
}

void TestEntrantsPanel::nameListFileRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const QString path = m_dir->filePath(QStringLiteral("names.txt"));
    if (bytes.isEmpty()) {
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
    } else {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
    }
    ui::NameListDialog dialog(*m_store);
    QCOMPARE(dialog.loadNames(path), QDir::toNativeSeparators(path) + expected);
    QCOMPARE(dialog.problem(), QDir::toNativeSeparators(path) + expected);
    QVERIFY(dialog.choices().empty());
}

// A pasted list: a stray byte order mark or a control character is shown, not made a new player;
// a list longer than NameListDialog::mostNames is refused before any search.
void TestEntrantsPanel::pastedNameListRefused()
{
    ui::NameListDialog dialog(*m_store);
    dialog.setText(QStringLiteral("Maria Lopez\n\uFEFF746\n"));
    dialog.findPlayers();
    QCOMPARE(dialog.problem(),
             QStringLiteral("Line 2: contains a byte order mark (U+FEFF) at position 1, which "
                            "belongs only at the very start of a file: save the file as UTF-8 "
                            "again"));
    QVERIFY(dialog.choices().empty());

    QStringList names;
    for (int i = 0; i <= ui::NameListDialog::mostNames; ++i)
        names.append(QStringLiteral("Player %1").arg(i));
    dialog.setText(names.join(u'\n'));
    dialog.findPlayers();
    QCOMPARE(dialog.problem(), QStringLiteral("The list has more than 2000 names: add it in parts."));
    QVERIFY(dialog.choices().empty());

    dialog.setText(QStringLiteral("Maria Lopez\n"));
    dialog.findPlayers();
    QCOMPARE(dialog.problem(), QString());
    QCOMPARE(dialog.choices().size(), std::size_t{1});
}

void TestEntrantsPanel::firstStartDialogAnswers()
{
    ui::FirstStartDialog sample;
    sample.show();
    QTest::mouseClick(sample.sampleButton(), Qt::LeftButton);
    QCOMPARE(sample.choice(), ui::FirstStartDialog::Choice::LoadSample);
    QCOMPARE(sample.result(), int(QDialog::Accepted));

    ui::FirstStartDialog empty;
    empty.show();
    QTest::mouseClick(empty.emptyButton(), Qt::LeftButton);
    QCOMPARE(empty.choice(), ui::FirstStartDialog::Choice::StartEmpty);
}

// One model, one update per edit: the preview's table is the session's model, and a check-in sets
// it once (one row in or out, each changed row named once), not again through a copy in the widget.
void TestEntrantsPanel::checkInUpdatesThePreviewOnce()
{
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-06");
    draft.name = QStringLiteral("Elmira Singles");
    draft.tier = 3;
    ui::EventSession session(*m_store, m_store->createEvent(draft));
    QVERIFY(session.isValid());
    m_panel->setSession(&session);
    const auto detach = qScopeGuard([this] { m_panel->setSession(nullptr); });
    for (int player = 1; player <= 6; ++player)
        QVERIFY(session.addEntrant(
            {m_store->addPlayer(QStringLiteral("Player %1").arg(player), QStringLiteral("Elmira"))}));

    ui::PayoutPreviewModel* preview = session.payoutPreview();
    QTableView* view = m_panel->preview()->tableView();
    QCOMPARE(view->model(), static_cast<QAbstractItemModel*>(preview));
    QSignalSpy payout(preview, &ui::PayoutPreviewModel::payoutChanged);
    QSignalSpy inserted(preview, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(preview, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(preview, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(preview, &QAbstractItemModel::modelReset);
    const auto eachRowChangedOnce = [&changed] {
        QList<int> rows;
        for (const QList<QVariant>& signal : changed) {
            for (int row = signal[0].toModelIndex().row(); row <= signal[1].toModelIndex().row(); ++row) {
                if (rows.contains(row))
                    return false;
                rows.append(row);
            }
        }
        return true;
    };
    for (int unit = 1; unit <= 6; ++unit) {
        payout.clear();
        inserted.clear();
        changed.clear();
        QVERIFY(session.setCheckedIn(unit, true));
        QCOMPARE(payout.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QVERIFY(eachRowChangedOnce());
        QCOMPARE(view->model()->rowCount(), unit);
        QCOMPARE(m_panel->preview()->table().fieldSize, unit);
    }
    payout.clear();
    changed.clear();
    QVERIFY(session.setCheckedIn(3, false));
    QCOMPARE(payout.count(), 1);
    QCOMPARE(removed.count(), 1);
    QVERIFY(eachRowChangedOnce());
    QCOMPARE(m_panel->preview()->table().fieldSize, 5);
    QCOMPARE(reset.count(), 0);
}

QTEST_MAIN(TestEntrantsPanel)
#include "tst_entrantspanel.moc"
