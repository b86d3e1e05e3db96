// core::Month (core/records/month.h): the one reading of "YYYY-MM" and of the month of a date,
// with its refusals, its text, its order and its steps across a year.
#include "core/records/month.h"
#include "flickdesk/engine/date.h"

#include <QTest>

using namespace flickdesk;
using core::Month;

class TestMonth : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsAMonth();
    void refusesWhatIsNotAMonth_data();
    void refusesWhatIsNotAMonth();
    void readsTheMonthOfADate();
    void refusesWhatIsNotADate_data();
    void refusesWhatIsNotADate();
    void ordersAndSteps();
    void countsDaysAsTheEngineDoes();
};

void TestMonth::readsAMonth()
{
    const std::optional<Month> month = Month::fromString(QStringLiteral("2025-01"));
    QVERIFY(month);
    QCOMPARE(month->year(), 2025);
    QCOMPARE(month->month(), 1);
    QCOMPARE(month->toString(), QStringLiteral("2025-01"));
    QCOMPARE(Month::fromString(QStringLiteral("0999-12"))->toString(), QStringLiteral("0999-12"));
    QCOMPARE(Month::of(7, 3)->toString(), QStringLiteral("0007-03"));
    QVERIFY(!Month::of(2025, 0));
    QVERIFY(!Month::of(2025, 13));
    QVERIFY(!Month::of(10000, 1));
}

void TestMonth::refusesWhatIsNotAMonth_data()
{
    QTest::addColumn<QString>("text");
    for (const char* text :
         {"", "January", "2025", "2025-1", "2025-001", "2025-00", "2025-13", "25-01", "2025/01", " 2025-01",
          "2025-01 ", "2025-01-15", "２０２５-01", "2025-0a", "+025-01", "-025-01"})
        QTest::newRow(text) << QString::fromUtf8(text);
}

void TestMonth::refusesWhatIsNotAMonth()
{
    QFETCH(QString, text);
    QVERIFY(!Month::fromString(text));
}

void TestMonth::readsTheMonthOfADate()
{
    QCOMPARE(Month::ofDate(QStringLiteral("2025-12-06"))->toString(), QStringLiteral("2025-12"));
    QCOMPARE(Month::ofDate(QStringLiteral("2024-02-29"))->toString(), QStringLiteral("2024-02"));
    QCOMPARE(Month::ofDate(QStringLiteral("2026-01"))->toString(), QStringLiteral("2026-01")); // a month
}

void TestMonth::refusesWhatIsNotADate_data()
{
    QTest::addColumn<QString>("text");
    for (const char* text : {"January", "2023-02-30", "2025-12-32", "2025-13-01", "2025-12-6",
                             "2025-12-06T10", "2025-12-garbage", "2025-12-", "06.12.2025", "2025-13"})
        QTest::newRow(text) << QString::fromUtf8(text);
}

void TestMonth::refusesWhatIsNotADate()
{
    QFETCH(QString, text);
    QVERIFY(!Month::ofDate(text));
}

void TestMonth::ordersAndSteps()
{
    const Month december = *Month::fromString(QStringLiteral("2025-12"));
    const Month january = *Month::fromString(QStringLiteral("2026-01"));
    QVERIFY(december < january);
    QVERIFY(january > december);
    QVERIFY(december != january);
    QCOMPARE(december.next(), january);
    QCOMPARE(january.previous(), december);
    QCOMPARE(december.previous().toString(), QStringLiteral("2025-11"));
    QCOMPARE(january.next().toString(), QStringLiteral("2026-02"));
    // Across many years, one step at a time: next and previous undo each other.
    Month month = *Month::fromString(QStringLiteral("1999-06"));
    for (int k = 0; k < 400; ++k) {
        const Month after = month.next();
        QVERIFY(month < after);
        QCOMPARE(after.previous(), month);
        month = after;
    }
    QCOMPARE(month.toString(), QStringLiteral("2032-10"));
}

void TestMonth::countsDaysAsTheEngineDoes()
{
    const Month month = *Month::fromString(QStringLiteral("2024-03"));
    QCOMPARE(month.firstDay(), *engine::parseIsoDate("2024-03-01"));
    // Every day of the month belongs to it; the day before its first to the month before.
    for (engine::DayNumber day = month.firstDay(); day < month.next().firstDay(); ++day)
        QCOMPARE(Month::ofDay(day), month);
    QCOMPARE(Month::ofDay(month.firstDay() - 1), month.previous());
    QCOMPARE(month.next().firstDay() - month.firstDay(), 31);
    QCOMPARE(Month::ofDay(0).toString(), QStringLiteral("1970-01"));
    QCOMPARE(Month().toString(), QStringLiteral("1970-01"));
}

QTEST_APPLESS_MAIN(TestMonth)
#include "tst_month.moc"
