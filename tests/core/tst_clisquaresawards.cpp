// flickdesk-cli squares --best-countries (spec 002 §4, "tie-breaking best country awards";
// DECISIONS S2-S4) and core::squaresBestCountries, the table the window shows: the awards of
// docs/examples and of a small file of shared awards, against values worked out by hand; bad input
// refused with nothing written.

#include "cli/cli.h"
#include "clitestsupport.h"
#include "core/systems/systems.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <vector>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

// docs/examples/squares-games.csv by hand (scores as docs/squares.md works them out):
//   R1 solo: 1 France 18 wins (100); 2 England 9, 3 Germany 5, 4 Italy 2 lose (0); 5 Austria out
//      1906, 6 Russia out 1904, 7 Turkey out 1908 (elimination, 0).
//   R2 draw, Σc² = 300: 8 Russia 12 (48), 9 Turkey 10 (33.33), 10 Austria 6 (12), 1 Italy 4 (5.33),
//      2 Germany 2 (1.33); 3 England out 1907, 4 France out 1905.
//   R3 draw, Σc² = 300: 5 England 10 (33.33), 6 France 10 (33.33), 7 Italy 8 (21.33), 8 Germany 6
//      (12); 9 Austria out 1909, 10 Russia out 1909, 3 Turkey out 1903.
// Each power's three games:
//   Austria: 5 elimination (R1), 10 draw 12 (R2), 9 elimination (R3): 10's draw (class).
//   England: 2 loss (R1), 3 elimination (R2), 5 draw 33.33 (R3): 5.
//   France: 1 win (R1), 4 elimination (R2), 6 draw 33.33 (R3): 1's win (class, whatever the points).
//   Germany: 3 loss (R1), 2 draw 1.33 (R2), 8 draw 12 (R3): 8 on points.
//   Italy: 4 loss (R1), 1 draw 5.33 (R2), 7 draw 21.33 (R3): 7 on points.
//   Russia: 6 elimination (R1), 8 draw 48 (R2), 10 elimination (R3): 8.
//   Turkey: 7 elimination (R1), 9 draw 33.33 (R2), 3 elimination (R3): 9.
const char* const kExampleAwards[] = {
    "power,player_id,name,game,class,points", "Austria,10,Jonah Cole,R2,draw,12.00",
    "England,5,Erin O'Neill,R3,draw,33.33",   "France,1,Ana Kovac,R1,win,100.00",
    "Germany,8,Hamish Reid,R3,draw,12.00",    "Italy,7,Grace Liu,R3,draw,21.33",
    "Russia,8,Hamish Reid,R2,draw,48.00",     "Turkey,9,Ines Duarte,R2,draw,33.33",
};

QStringList exampleAwards(bool withNames)
{
    QStringList result;
    for (const char* line : kExampleAwards) {
        QString text = QString::fromUtf8(line);
        if (!withNames && !text.startsWith(u"power")) {
            QStringList fields = text.split(u',');
            fields[2].clear();
            text = fields.join(u',');
        }
        result << text;
    }
    return result;
}

// A small tournament of shared awards, the powers spelled as a careless file would:
//   G1 (round 1) draw, Σc² = 100 + 100 + 64 + 36 = 300: 10 Austria 10 (33.33, equal 1st of 2),
//      2 ENGLAND 10 (33.33), 3 France 8 (21.33), 4 Germany 6 (12).
//   G2 (round 1), the same centres: 9 austria 10, 6 England 10, 7 France 8, 8 Germany 6.
//   G3 (round 2) draw, Σc² = 144 + 64 = 208: 3 Italy 12 (14400/208 = 69.23), 10 England 8 (30.77),
//      4 Russia out 1903, 2 Turkey out 1907 (both 3rd of 2 by centres).
//   G4 (round 2), the same centres: 6 Italy 12, 9 England 8, 7 Russia out 1906, 8 Turkey out 1904.
//   G5 (round 3) solo: 9 Germany 18 (win), 10 France 3 and 3 England 2 (loss), 2 Austria out 1908.
const char* const kSmallGames = "game,round,player_id,power,centres,eliminated_year\n"
                                "G1,1,10,Austria,10,\n"
                                "G1,1,2,ENGLAND,10,\n"
                                "G1,1,3,France,8,\n"
                                "G1,1,4,Germany,6,\n"
                                "G2,1,9,austria,10,\n"
                                "G2,1,6,England,10,\n"
                                "G2,1,7,France,8,\n"
                                "G2,1,8,Germany,6,\n"
                                "G3,2,3,Italy,12,\n"
                                "G3,2,10,England,8,\n"
                                "G3,2,4,Russia,0,1903\n"
                                "G3,2,2,Turkey,0,1907\n"
                                "G4,2,6,Italy,12,\n"
                                "G4,2,9,England,8,\n"
                                "G4,2,7,Russia,0,1906\n"
                                "G4,2,8,Turkey,0,1904\n"
                                "G5,3,9,Germany,18,\n"
                                "G5,3,10,France,3,\n"
                                "G5,3,3,England,2,\n"
                                "G5,3,2,Austria,0,1908\n";
// By power (Austria ... Turkey), then player id by number (9 before 10), each power as its row
// spells it:
//   Austria: 10 (G1) and 9 (G2) are equal in every step (the same board): shared; 2's elimination
//      in G5 is below. England: 2 (G1) and 6 (G2), 33.33 each, shared; the 30.77s and 3's loss are
//      below. France: 3 (G1) and 7 (G2), 21.33, shared; 10's loss in G5 below. Germany: 9's win in
//      G5 beats the draws of 12 (class). Italy: 3 (G3) and 6 (G4), 69.23, shared. Russia: both out
//      with 0 points in 3rd place of 2; 7 out in 1906 outlasted 4 out in 1903 (S4). Turkey: 2 out
//      in 1907 outlasted 8 out in 1904.
const char* const kSmallAwards[] = {
    "power,player_id,name,game,class,points",
    "austria,9,,G2,draw,33.33",
    "Austria,10,,G1,draw,33.33",
    "ENGLAND,2,,G1,draw,33.33",
    "England,6,,G2,draw,33.33",
    "France,3,,G1,draw,21.33",
    "France,7,,G2,draw,21.33",
    "Germany,9,,G5,win,100.00",
    "Italy,3,,G3,draw,69.23",
    "Italy,6,,G4,draw,69.23",
    "Russia,7,,G4,elimination,0.00",
    "Turkey,2,,G3,elimination,0.00",
};

QStringList lines(const char* const* begin, const char* const* end)
{
    QStringList result;
    for (const char* const* line = begin; line != end; ++line)
        result << QString::fromUtf8(*line);
    return result;
}

} // namespace

class TestCliSquaresAwards : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exampleAwardsWithNames();
    void exampleAwardsWithoutNames();
    void sharedAwardsAndTheFilesSpelling();
    void tableForTheWindow();
    void badInputWritesNothing();
    void executableAndHelp();
    void drawTheNextRound();
};

void TestCliSquaresAwards::exampleAwardsWithNames()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString output = dir.filePath(QStringLiteral("awards.csv"));
    const CliRun result =
        run({QStringLiteral("squares"), examplePath(QStringLiteral("squares-games.csv")),
             QStringLiteral("--players"), examplePath(QStringLiteral("squares-players.csv")),
             QStringLiteral("--best-countries"), QStringLiteral("-o"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
    QCOMPARE(nonEmptyLines(QString::fromUtf8(readBytes(output))), exampleAwards(true));
}

void TestCliSquaresAwards::exampleAwardsWithoutNames()
{
    // Without --players the names are empty; the switch may come first.
    const CliRun result = run({QStringLiteral("squares"), QStringLiteral("--best-countries"),
                               examplePath(QStringLiteral("squares-games.csv"))});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QCOMPARE(nonEmptyLines(result.out), exampleAwards(false));
}

void TestCliSquaresAwards::sharedAwardsAndTheFilesSpelling()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    QVERIFY(writeFile(games, kSmallGames));
    // An earlier output is replaced whole.
    const QString output = dir.filePath(QStringLiteral("awards.csv"));
    QVERIFY(writeFile(output, "an older file that is much longer than the awards written over it\n"
                              "and has a second line\n"));
    const CliRun result = run({QStringLiteral("squares"), games, QStringLiteral("--best-countries"),
                               QStringLiteral("--output"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QCOMPARE(nonEmptyLines(QString::fromUtf8(readBytes(output))),
             lines(std::begin(kSmallAwards), std::end(kSmallAwards)));
}

void TestCliSquaresAwards::tableForTheWindow()
{
    // The window's entry point gives the same table, names from the players file.
    core::SystemInput input;
    input.games = readBytes(examplePath(QStringLiteral("squares-games.csv")));
    input.players = readBytes(examplePath(QStringLiteral("squares-players.csv")));
    input.hasPlayers = true;
    QVERIFY(!input.games.isEmpty());
    std::vector<engine::Defect> defects;
    const core::SystemTable table = core::squaresBestCountries(input, defects);
    QVERIFY(defects.empty());
    QCOMPARE(table.columns, core::squaresBestCountryColumns());
    QCOMPARE(table.columns,
             QStringList({QStringLiteral("power"), QStringLiteral("player_id"), QStringLiteral("name"),
                          QStringLiteral("game"), QStringLiteral("class"), QStringLiteral("points")}));
    QCOMPARE(nonEmptyLines(QString::fromUtf8(core::tableToCsv(table))), exampleAwards(true));

    // A defective input: its defects added to those already there, and no table.
    input.games = "game,round,player_id,power,centres,eliminated_year\nG1,1,1,France,40,\nG1,1,2,Italy,3,\n";
    defects.assign(1, engine::Defect{});
    const core::SystemTable refused = core::squaresBestCountries(input, defects);
    QVERIFY(refused.rows.isEmpty());
    QVERIFY(defects.size() > 1);
    QCOMPARE(defects.at(1).field, std::string("centres"));
    QCOMPARE(defects.at(1).source.line, 2);
}

void TestCliSquaresAwards::badInputWritesNothing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    const QString players = dir.filePath(QStringLiteral("players.csv"));
    const QString output = dir.filePath(QStringLiteral("awards.csv"));
    // A power played twice, and (with the players file) a player it does not list.
    QVERIFY(writeFile(games, "game,round,player_id,power,centres,eliminated_year\n"
                             "G1,1,1,France,10,\n"
                             "G1,1,2,France,8,\n"
                             "G1,1,3,Italy,4,\n"));
    QVERIFY(writeFile(players, "player_id,name\n1,One\n2,Two\n"));
    QVERIFY(writeFile(output, "kept\n"));
    const CliRun result = run({QStringLiteral("squares"), games, QStringLiteral("--players"), players,
                               QStringLiteral("--best-countries"), QStringLiteral("-o"), output});
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY2(result.err.contains(games + QStringLiteral(":3: power: game G1: France is played twice")),
             qPrintable(result.err));
    QVERIFY2(result.err.contains(games + QStringLiteral(":4: player_id: game G1: unknown player '3'")),
             qPrintable(result.err));
    QVERIFY2(result.err.contains(QStringLiteral("no awards computed")), qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
    QCOMPARE(readBytes(output), QByteArray("kept\n"));

    // A games file that cannot be read.
    const CliRun missing = run({QStringLiteral("squares"), dir.filePath(QStringLiteral("none.csv")),
                                QStringLiteral("--best-countries")});
    QCOMPARE(missing.status, core::cli_exit::inputDefects);
    QVERIFY(missing.out.isEmpty());
}

void TestCliSquaresAwards::executableAndHelp()
{
    QProcess process;
    process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                  {QStringLiteral("squares"), examplePath(QStringLiteral("squares-games.csv")),
                   QStringLiteral("--best-countries")});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(nonEmptyLines(QString::fromUtf8(process.readAllStandardOutput())), exampleAwards(false));

    const CliRun help = run({QStringLiteral("help"), QStringLiteral("squares")});
    QCOMPARE(help.status, core::cli_exit::ok);
    QVERIFY2(help.out.contains(QStringLiteral("[--best-countries]")), qPrintable(help.out));
    QVERIFY(help.out.contains(QStringLiteral("power,player_id,name,game,class,points")));
    // A value given to the switch is a usage error, not a file name taken silently.
    const CliRun valued = run({QStringLiteral("squares"), examplePath(QStringLiteral("squares-games.csv")),
                               QStringLiteral("--best-countries=yes")});
    QCOMPARE(valued.status, core::cli_exit::usage);
}

void TestCliSquaresAwards::drawTheNextRound()
{
    // Round 1 on two boards: players 1-7 on the first, 8-14 on the second, each board's powers dealt
    // in order (1 and 8 Austria, 2 and 9 England, ..., 7 and 14 Turkey).
    const char* const powers[] = {"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"};
    QByteArray games = "game,round,player_id,power,centres,eliminated_year\n";
    for (int player = 1; player <= 14; ++player) {
        const int seat = (player - 1) % 7;
        games += (player <= 7 ? "B1,1," : "B2,1,") + QByteArray::number(player) + ',' + powers[seat] + ',' +
                 (seat == 6 ? "4" : "5") + ",\n";
    }
    core::SystemInput input;
    input.games = games;
    QStringList players;
    for (int player = 1; player <= 14; ++player)
        players << QString::number(player);

    std::vector<engine::Defect> defects;
    const core::SquaresRoundDraw draw = core::drawSquaresRound(input, players, {}, 7, defects);
    QVERIFY(defects.empty());
    QCOMPARE(draw.boards.size(), 2);
    QVERIFY(draw.sittingOut.isEmpty());
    QStringList seated;
    for (const QStringList& board : draw.boards) {
        QCOMPARE(board.size(), 7);
        seated << board;
        for (int power = 0; power < 7; ++power) {
            // Player p played power (p - 1) mod 7 in round 1: none plays it again.
            QVERIFY2((board.at(power).toInt() - 1) % 7 != power, qPrintable(board.join(u' ')));
        }
    }
    seated.sort();
    QStringList everyone = players;
    everyone.sort();
    QCOMPARE(seated, everyone);
    // A new board takes x players of round 1's first board and 7 - x of the second, who met: at
    // least C(3,2) + C(4,2) = 9 repeated meetings a board, 18 for the two.
    QCOMPARE(draw.repeatedMeetings, 18);
    // Each power was played by two players, one a board: on a new board each player has 6 new powers
    // and no 3 players lack the same one, so seven new powers can always be dealt (Hall).
    QCOMPARE(draw.repeatedPowers, 0);
    // The same seed draws the same boards.
    const core::SquaresRoundDraw again = core::drawSquaresRound(input, players, {}, 7, defects);
    QCOMPARE(again.boards, draw.boards);

    // 15 players: one sits out, the one who has sat out least (15, when 1-14 have once each).
    QStringList fifteen = players;
    fifteen << QStringLiteral("15");
    const core::SquaresRoundDraw withSitOut = core::drawSquaresRound(input, fifteen, players, 3, defects);
    QVERIFY(defects.empty());
    QCOMPARE(withSitOut.boards.size(), 2);
    QCOMPARE(withSitOut.sittingOut, QStringList({QStringLiteral("15")}));

    // A first round: no games yet.
    core::SystemInput first;
    const core::SquaresRoundDraw opening = core::drawSquaresRound(first, players, {}, 1, defects);
    QVERIFY(defects.empty());
    QCOMPARE(opening.boards.size(), 2);
    QCOMPARE(opening.repeatedMeetings, 0);

    // A player given twice, and a defective games file: defects, and no draw.
    const core::SquaresRoundDraw twice =
        core::drawSquaresRound(input, players + QStringList{QStringLiteral("3")}, {}, 1, defects);
    QVERIFY(twice.boards.isEmpty());
    QCOMPARE(defects.size(), std::size_t{1});
    QVERIFY(defects.front().message.find("player 3 is drawn twice") != std::string::npos);
    defects.clear();
    input.games += "B3,2,1,Prussia,5,\n";
    const core::SquaresRoundDraw broken = core::drawSquaresRound(input, players, {}, 1, defects);
    QVERIFY(broken.boards.isEmpty());
    QCOMPARE(defects.size(), std::size_t{1});
    QCOMPARE(defects.front().field, std::string("power"));
}

QTEST_GUILESS_MAIN(TestCliSquaresAwards)
#include "tst_clisquaresawards.moc"
