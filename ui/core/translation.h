#pragma once

// Q_DECLARE_TR_FUNCTIONS for the messages a file writes in free functions, outside any class: in
// the file's unnamed namespace, FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::Store) declares
// tr(sourceText, disambiguation, n), translating in that context as Qt's own tr() of a class would.

#include <QCoreApplication>
#include <QString>

#define FLICKDESK_DECLARE_TR_FUNCTIONS(context)                                                              \
    struct TranslationContext {                                                                              \
        Q_DECLARE_TR_FUNCTIONS(context)                                                                      \
    };                                                                                                       \
    [[maybe_unused]] inline QString tr(const char* sourceText, const char* disambiguation = nullptr,         \
                                       int n = -1)                                                           \
    {                                                                                                        \
        return TranslationContext::tr(sourceText, disambiguation, n);                                        \
    }
