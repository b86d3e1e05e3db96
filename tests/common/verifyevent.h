#pragma once

// `flickdesk-cli verify-event FILE.json` run in-process on a submission file a test wrote (issue 28
// item 7: the association checks a submission without trusting the desk that made it): empty when
// every figure of the file agrees with its recomputation, else the command's report.

#include "cli/cli.h"

#include <QString>
#include <QTextStream>

namespace flickdesk::testing {

inline QString verifyEventDifferences(const QString& file)
{
    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    const int status = core::runCli({QStringLiteral("verify-event"), file}, outStream, errStream);
    outStream.flush();
    errStream.flush();
    return status == 0 ? QString() : QStringLiteral("exit %1\n%2%3").arg(status).arg(out, err);
}

} // namespace flickdesk::testing
