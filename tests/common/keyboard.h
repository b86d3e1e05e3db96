#pragma once

// The keys a flow test sends as a director would type them, each printed ("keys: Ctrl+Z on
// playScore") and counted, so that a test of a whole morning or day can say how many keystrokes
// it took. Keys go where a window system would send them: the open popup (a type-ahead's list),
// else the widget with the focus, else the active window. The offscreen platform does not give a
// window its activation back when a popup or a question closes, as a window system does: a test
// names its window with `keyWindow()` and the keys give it back its activation first.

#include <QApplication>
#include <QKeySequence>
#include <QPointer>
#include <QTest>
#include <QWidget>

namespace flickdesk::testing {

struct KeyCount {
    int keystrokes = 0;
    int clicks = 0;
};

// What has been sent since the test began (or the test last reset it).
inline KeyCount& keyCount()
{
    static KeyCount count;
    return count;
}

// The window that gets its activation back before each key (none: keys go wherever they go).
inline QPointer<QWidget>& keyWindow()
{
    static QPointer<QWidget> window;
    return window;
}

inline QString widgetName(const QWidget* widget)
{
    if (!widget)
        return QStringLiteral("(nothing)");
    return widget->objectName().isEmpty() ? QString::fromUtf8(widget->metaObject()->className())
                                          : widget->objectName();
}

// Where the next key goes: with a `keyWindow()`, its open popup first (a type-ahead's list); then the
// widget with the focus, else the active window.
inline QWidget* currentKeyTarget()
{
    if (keyWindow()) {
        if (QWidget* popup = QApplication::activePopupWidget())
            return popup;
    }
    if (QWidget* focus = QApplication::focusWidget())
        return focus;
    return QApplication::activeWindow();
}

// The same, after giving the `keyWindow()` its activation back (no popup or question open).
inline QWidget* keyTarget()
{
    QWidget* window = keyWindow();
    if (!QApplication::activePopupWidget() && !QApplication::activeModalWidget() && window &&
        window->isVisible() && !window->isActiveWindow()) {
        QApplication::setActiveWindow(window);
        if (!QTest::qWaitForWindowActive(window))
            qWarning("the window is not active");
    }
    return currentKeyTarget();
}

// One key, with modifiers.
inline void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* target = keyTarget();
    qInfo().noquote() << "keys:" << QKeySequence(QKeyCombination(modifiers, key)).toString() << "on"
                      << widgetName(target);
    QVERIFY(target);
    ++keyCount().keystrokes;
    QTest::keyClick(target, key, modifiers);
}

// Text, a character at a time to whatever has the focus then: a key typed on a table's cell opens
// its editor, which takes the rest.
inline void type(const QString& text)
{
    QWidget* first = keyTarget();
    qInfo().noquote() << "keys:" << QStringLiteral("\"%1\"").arg(text) << "into" << widgetName(first);
    QVERIFY(first);
    for (const QChar c : text) {
        QWidget* target = currentKeyTarget();
        QVERIFY(target);
        ++keyCount().keystrokes;
        QTest::keyClicks(target, QString(c));
    }
}

// A mouse click, where a flow has no keyboard way.
inline void click(QWidget* widget)
{
    qInfo().noquote() << "click:" << widgetName(widget);
    QVERIFY(widget);
    ++keyCount().clicks;
    QTest::mouseClick(widget, Qt::LeftButton);
}

} // namespace flickdesk::testing
