#pragma once

// An entrant added as a director adds one on the Entrants tab (tests/common/keyboard.h prints and
// counts the keys): the fewest letters of the player's name that bring them to the top of the
// type-ahead list (Down when the whole name does not, DECISIONS D1: two players may share a name),
// then Enter. The search box must have the focus.

#include "../common/keyboard.h"
#include "core/store/store.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/playersearchmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QLineEdit>
#include <QTableView>
#include <QTest>
#include <algorithm>

namespace flickdesk::testing {

inline void addByTypeAhead(ui::MainWindow& window, const QString& playerId)
{
    ui::EntrantsPanel* panel = window.entrantsPanel();
    ui::PlayerSearchModel* search = window.session()->playerSearch();
    const std::optional<core::PlayerRecord> player = window.store()->player(playerId);
    QVERIFY(player);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->searchEdit()));
    const auto onTop = [&] {
        return search->rowCount() > 0 && search->matchAt(0).id == playerId &&
               panel->searchResults()->currentIndex().row() == 0;
    };
    // The fewest letters, as a director who knows the field types them: the start of the first
    // name, or of a later word (a surname).
    QString typedFrom = player->name;
    qsizetype fewest = player->name.size();
    const QStringList words = player->name.split(u' ', Qt::SkipEmptyParts);
    for (qsizetype word = 0; word < words.size(); ++word) {
        const QString from = words.mid(word).join(u' ');
        for (qsizetype letters = 1; letters < std::min(fewest, from.size() + 1); ++letters) {
            const std::vector<core::PlayerMatch> top = window.store()->searchPlayers(from.left(letters), 1);
            if (!top.empty() && top.front().id == playerId) {
                fewest = letters;
                typedFrom = from;
                break;
            }
        }
    }
    // Or the start of the first name and of the last ("te ja" for Tessa Jarvis).
    if (words.size() > 1) {
        for (qsizetype first = 1; first <= std::min<qsizetype>(3, words.front().size()); ++first) {
            for (qsizetype last = 1; last <= std::min<qsizetype>(3, words.back().size()); ++last) {
                const QString pieces = words.front().left(first) + u' ' + words.back().left(last);
                if (pieces.size() >= fewest)
                    continue;
                const std::vector<core::PlayerMatch> top = window.store()->searchPlayers(pieces, 1);
                if (!top.empty() && top.front().id == playerId) {
                    fewest = pieces.size();
                    typedFrom = pieces;
                }
            }
        }
    }
    for (const QChar letter : typedFrom) {
        type(QString(letter));
        if (onTop())
            break;
    }
    if (!onTop()) { // a name two players share (DECISIONS D1): down the list to the right one
        int row = 0;
        while (row < search->rowCount() && search->matchAt(row).id != playerId)
            ++row;
        QVERIFY2(row < search->rowCount(), qPrintable(player->name));
        for (int step = 0; step < row; ++step)
            press(Qt::Key_Down);
        QCOMPARE(panel->searchResults()->currentIndex().row(), row);
    }
    const int before = window.session()->entrants()->rowCount();
    press(Qt::Key_Return);
    QCOMPARE(window.session()->entrants()->rowCount(), before + 1);
    QCOMPARE(window.session()->entrants()->entrants().back().playerIds(), QStringList{playerId});
    QVERIFY(panel->searchEdit()->text().isEmpty());
}

} // namespace flickdesk::testing
