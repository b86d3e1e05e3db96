// libFuzzer target: the event submission file (ui/core/eventexchange's parseEventExchange). The
// input is the file's bytes.
//
// Each input is read twice: as it is, and with its "sha256" replaced by the checksum of its
// "content", so that mutated content gets past the checksum to the checks of the content itself.
// Checked: the reader never crashes, leaks or trips a sanitizer; every defect has a message; a
// checksum it recomputed itself always matches; and a file it accepts without defects survives the
// round trip: written again, it reads back without defects into the same bytes.
#include "core/eventexchange.h"
#include "core/historyreader.h"
#include "flickdesk/engine/history.h"
#include "fuzz_common.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <optional>

using namespace flickdesk;

namespace {

const QString fileName = QStringLiteral("event.json");

void checkDefects(const core::ParsedEventExchange& parsed)
{
    for (const engine::Defect& defect : parsed.defects) {
        FUZZ_CHECK(!defect.message.empty());
        FUZZ_CHECK(!engine::describe(defect).empty());
    }
    FUZZ_CHECK(!parsed.checksumMismatch || !parsed.defects.empty());
}

void checkRoundTrip(const core::EventExchange& exchange)
{
    const QByteArray written = core::serializeEventExchange(exchange);
    const core::ParsedEventExchange reread = core::parseEventExchange(written, fileName);
    FUZZ_CHECK(reread.defects.empty());
    FUZZ_CHECK(core::serializeEventExchange(reread.exchange) == written);

    // The history folder written beside the file goes through the history reader without crashing.
    const core::HistoryFiles files = core::historyFilesOf(exchange.event);
    const core::HistoryFolder folder = core::parseHistoryFiles(
        files.events, files.results,
        files.games.isEmpty() ? std::nullopt : std::optional<QByteArray>(files.games), std::nullopt);
    for (const engine::Defect& defect : folder.defects)
        FUZZ_CHECK(!defect.message.empty());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    checkDefects(core::parseEventExchange(bytes, fileName));

    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return 0;
    // Qt's JSON parser drops one U+FEFF from the start of every string (key or value) it reads, so
    // a document may change each time it is written and read again; only one that no longer
    // changes reads back as itself, checksum included.
    QByteArray compact = document.toJson(QJsonDocument::Compact);
    for (int pass = 0;; ++pass) {
        const QByteArray again = QJsonDocument::fromJson(compact).toJson(QJsonDocument::Compact);
        if (again == compact)
            break;
        if (pass == 3)
            return 0;
        compact = again;
    }
    QJsonObject root = QJsonDocument::fromJson(compact).object();
    const QJsonValue content = root.value(QStringLiteral("content"));
    if (!content.isObject())
        return 0;
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content.toObject()));
    const QByteArray resealed = QJsonDocument(root).toJson(QJsonDocument::Compact);
    const core::ParsedEventExchange parsed = core::parseEventExchange(resealed, fileName);
    checkDefects(parsed);
    FUZZ_CHECK(!parsed.checksumMismatch);
    if (parsed.defects.empty())
        checkRoundTrip(parsed.exchange);
    return 0;
}
