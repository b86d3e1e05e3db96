// The grammar of event and player ids (core/records/identifiers.h): what is an id, and the reason given for
// what is not, for QString and for UTF-8 text alike.
#include "core/records/identifiers.h"

#include <QTest>

using namespace flickdesk;

class TestIdentifiers : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ids_data();
    void ids();
    void printable();
};

void TestIdentifiers::ids_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("problem"); // empty for an id
    const auto ok = [](const char* name, const QString& id) { QTest::newRow(name) << id << QString(); };
    const auto bad = [](const char* name, const QString& id, const char* problem) {
        QTest::newRow(name) << id << QString::fromUtf8(problem);
    };
    ok("number", QStringLiteral("175"));
    ok("zero", QStringLiteral("0"));
    ok("letters and digits", QStringLiteral("L1"));
    ok("digit then letters", QStringLiteral("0a"));
    ok("hyphen and underscore", QStringLiteral("fk-1_b"));
    ok("32 characters", QString(32, u'x'));
    bad("empty", QString(), "is empty");
    bad("space at the end", QStringLiteral("175 "), "has a space at its end");
    bad("space at the start", QStringLiteral(" 175"), "has a space at its start");
    bad("space inside", QStringLiteral("17 5"), "contains a space");
    bad("leading zero", QStringLiteral("0175"), "begins with 0; a number has no leading zero");
    bad("zeros", QStringLiteral("00"), "begins with 0; a number has no leading zero");
    bad("tab", QStringLiteral("175\tx"), "contains a tab");
    bad("line feed", QStringLiteral("175\n"), "contains a line break");
    bad("null", QString::fromUtf16(u"175\0", 4), "contains a null character U+0000");
    bad("escape", QStringLiteral("1\x1b"), "contains a control character U+001B");
    bad("right-to-left mark", QString::fromUtf16(u"175\u200F"), "contains an invisible character U+200F");
    bad("byte order mark", QChar(0xFEFF) + QStringLiteral("175"), "contains an invisible character U+FEFF");
    bad("no-break space", QString::fromUtf16(u"175\u00A0"), "contains an invisible character U+00A0");
    bad("Cyrillic A", QString::fromUtf16(u"\u0410nn"),
        "contains the character '\u0410' (U+0410); an id has only ASCII letters, digits, - and _");
    bad("emoji", QString::fromUtf16(u"a\U0001F600"),
        "contains the character '\U0001F600' (U+1F600); an id has only ASCII letters, digits, - and _");
    bad("quote", QStringLiteral("175';DROP"), "contains a quote");
    bad("double quote", QStringLiteral("1\""), "contains a quote");
    bad("path", QStringLiteral("../../etc/passwd"),
        "contains the character '.'; an id has only letters, digits, - and _");
    bad("plus", QStringLiteral("A+B"), "contains the character '+'; an id has only letters, digits, - and _");
    bad("40 characters", QString(40, u'7'), "is 40 characters long; at most 32");
    bad("hyphen first", QStringLiteral("-1"), "begins with '-'; an id begins with a letter or a digit");
    bad("underscore first", QStringLiteral("_a"), "begins with '_'; an id begins with a letter or a digit");
}

void TestIdentifiers::ids()
{
    QFETCH(QString, id);
    QFETCH(QString, problem);
    QCOMPARE(core::isValidId(QStringView(id)), problem.isEmpty());
    QCOMPARE(core::idProblem(QStringView(id)), problem);
    // The UTF-8 variants, which the history reader uses, agree.
    const QByteArray utf8 = id.toUtf8();
    const std::string_view text(utf8.constData(), static_cast<std::size_t>(utf8.size()));
    QCOMPARE(core::isValidId(text), problem.isEmpty());
    QCOMPARE(QString::fromStdString(core::idProblem(text)), problem);
}

void TestIdentifiers::printable()
{
    QCOMPARE(core::printableId(QString::fromUtf16(u"17\u202E5\t")), QStringLiteral("17<U+202E>5<U+0009>"));
    QCOMPARE(core::printableId(QString(50, u'x')), QString(40, u'x') + QStringLiteral("..."));
    QCOMPARE(QString::fromStdString(core::idProblem(std::string_view("\xFF"
                                                                     "1",
                                                                     2))),
             QStringLiteral("is not valid UTF-8 text"));
}

QTEST_APPLESS_MAIN(TestIdentifiers)
#include "tst_identifiers.moc"
