#pragma once

// Help > About FlickDesk > Licences: the version, FlickDesk's licence (the repository's LICENSE,
// MIT), the third-party notices (Qt under the LGPLv3 with where its source is, Qt Charts under
// the GPLv3, SQLite in the public domain) and the full texts of the GNU licences, one tab each.
// The texts are resources (resources/about.qrc), so that the Windows and macOS packages carry
// them inside the program.

#include <QDialog>

class QTabWidget;

namespace flickdesk::ui {

class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    QTabWidget* tabs() const { return m_tabs; }

    // The texts the tabs show, for the tabs and for tests.
    // "FlickDesk VERSION", the purpose, the copyright and the Qt version the program runs with.
    static QString summaryHtml();
    // The repository's LICENSE (MIT), as plain text.
    static QString licenceText();
    // The third-party notices as HTML, with the Qt version filled in.
    static QString thirdPartyHtml();
    // The LGPLv3 and then the GPLv3, as plain text.
    static QString gnuLicencesText();

private:
    QTabWidget* m_tabs = nullptr;
};

} // namespace flickdesk::ui
