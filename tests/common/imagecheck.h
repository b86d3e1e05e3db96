#pragma once

// Whether a screenshot shows something: more than `leastColours` colours and some contrast. A blank
// or single-colour grab (a window not yet painted, an X server that drew nothing) fails it.

#include <QImage>
#include <QSet>

inline bool showsSomething(const QImage& image, int leastColours = 2)
{
    if (image.isNull())
        return false;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    QSet<QRgb> colours;
    double sum = 0.0;
    double sumOfSquares = 0.0;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x) {
            colours.insert(line[x]);
            const double grey = qGray(line[x]);
            sum += grey;
            sumOfSquares += grey * grey;
        }
    }
    const double pixels = double(rgb.width()) * rgb.height();
    const double mean = sum / pixels;
    return colours.size() > leastColours && sumOfSquares / pixels - mean * mean > 1.0;
}
