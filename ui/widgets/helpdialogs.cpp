#include "widgets/helpdialogs.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QImage>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

// Q_INIT_RESOURCE must be called from the global namespace.
static void initGuideResource()
{
    Q_INIT_RESOURCE(guide);
}

namespace flickdesk::ui {

QChar mnemonicOf(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'&')
            continue;
        if (text.at(i + 1) == u'&') {
            ++i; // "&&" is an ampersand
            continue;
        }
        return text.at(i + 1).toUpper();
    }
    return {};
}

QString withoutMnemonic(const QString& text)
{
    QString shown;
    shown.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'&' && i + 1 < text.size())
            ++i;
        shown.append(text.at(i));
    }
    return shown;
}

namespace {

QString altKey(QChar letter)
{
    return QKeySequence(QKeyCombination(Qt::ALT, Qt::Key(letter.unicode())))
        .toString(QKeySequence::NativeText);
}

QString shortcutsText(const QAction* action)
{
    QStringList keys;
    for (const QKeySequence& key : action->shortcuts())
        keys.append(key.toString(QKeySequence::NativeText));
    return keys.join(KeyboardShortcutsDialog::tr(" or "));
}

void addRow(QTableWidget* table, const QStringList& cells)
{
    const int row = table->rowCount();
    table->insertRow(row);
    for (int column = 0; column < cells.size(); ++column) {
        auto* item = new QTableWidgetItem(cells.at(column));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        table->setItem(row, column, item);
    }
}

// The menu's actions, submenus after their own title; `keys` is how the menu is reached.
void addMenu(QTableWidget* table, const QMenu* menu, const QString& place, const QString& keys)
{
    for (const QAction* action : menu->actions()) {
        if (action->isSeparator() || action->text().isEmpty())
            continue;
        const QChar letter = mnemonicOf(action->text());
        const QString reach =
            letter.isNull() ? keys : KeyboardShortcutsDialog::tr("%1, %2").arg(keys, letter);
        if (const QMenu* submenu = action->menu()) {
            addMenu(table, submenu,
                    KeyboardShortcutsDialog::tr("%1 > %2").arg(place, withoutMnemonic(action->text())),
                    reach);
            continue;
        }
        addRow(table, {place, withoutMnemonic(action->text()), shortcutsText(action), reach});
    }
}

// The guide's pages as a director reads them: the references to the spec's rules ("DECISIONS P2")
// are for the people who keep the rules, and are left out of the window.
class GuideBrowser : public QTextBrowser {
public:
    using QTextBrowser::QTextBrowser;

    QVariant loadResource(int type, const QUrl& name) override
    {
        QVariant resource = QTextBrowser::loadResource(type, name);
        if (!name.path().endsWith(QLatin1String(".md")))
            return resource;
        QString text = resource.typeId() == QMetaType::QByteArray ? QString::fromUtf8(resource.toByteArray())
                                                                   : resource.toString();
        return withoutRuleReferences(text);
    }
};

} // namespace

QString withoutRuleReferences(QString text)
{
    static const QRegularExpression inBrackets(
        QStringLiteral("\\s*\\(DECISIONS [A-Z][0-9]+(?:[-\u2013][A-Z]?[0-9]+)?\\)"));
    static const QRegularExpression afterComma(
        QStringLiteral(",\\s*DECISIONS [A-Z][0-9]+(?:[-\u2013][A-Z]?[0-9]+)?"));
    static const QRegularExpression beforeColon(QStringLiteral("DECISIONS [A-Z][0-9]+:\\s*"));
    text.remove(inBrackets);
    text.remove(afterComma);
    text.remove(beforeColon);
    return text;
}

KeyboardShortcutsDialog::KeyboardShortcutsDialog(const QMenuBar* menuBar, const QTabWidget* tabs,
                                                 QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("keyboardShortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));

    auto* intro = new QLabel(tr("Every command of the menus with its keys. A key with Alt opens a menu "
                                "or a tab; the letter after it then picks the command in that menu."),
                             this);
    intro->setWordWrap(true);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setHorizontalHeaderLabels({tr("Where"), tr("Command"), tr("Shortcut"), tr("Through the menu")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);

    if (menuBar) {
        for (const QAction* menuAction : menuBar->actions()) {
            const QMenu* menu = menuAction->menu();
            if (!menu || !menuAction->isVisible())
                continue;
            const QChar letter = mnemonicOf(menuAction->text());
            addMenu(m_table, menu, withoutMnemonic(menuAction->text()),
                    letter.isNull() ? QString() : altKey(letter));
        }
    }
    if (tabs) {
        for (int index = 0; index < tabs->count(); ++index) {
            const QChar letter = mnemonicOf(tabs->tabText(index));
            addRow(m_table, {tr("Tabs"), withoutMnemonic(tabs->tabText(index)),
                             letter.isNull() ? QString() : altKey(letter), QString()});
        }
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(720, 560);
}

UserGuideDialog::UserGuideDialog(QWidget* parent)
    : QDialog(parent)
{
    initGuideResource();
    setObjectName(QStringLiteral("userGuideDialog"));
    setWindowTitle(tr("FlickDesk User Guide"));
    // A window of its own beside the main one: the director reads while working.
    setWindowFlag(Qt::Window);

    m_browser = new GuideBrowser(this);
    m_browser->setObjectName(QStringLiteral("userGuideBrowser"));
    // Links between the guide's pages open here; a web address is neither fetched nor opened.
    m_browser->setOpenExternalLinks(false);
    m_browser->setOpenLinks(false);
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        const QUrl target = m_browser->source().resolved(url);
        if (target.scheme() == QLatin1String("qrc"))
            m_browser->setSource(target);
    });
    // The screenshots are taken at the window's full size: shown no wider than the page.
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this] { fitImages(); });
    m_browser->setSource(QUrl(guideUrl()), QTextDocument::MarkdownResource);

    auto* back = new QPushButton(tr("&Back"), this);
    back->setObjectName(QStringLiteral("guideBackButton"));
    back->setEnabled(false);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QWidget::setEnabled);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(back, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(900, 700);
}

void UserGuideDialog::fitImages()
{
    constexpr int widest = 860;
    QTextDocument* document = m_browser->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat())
                continue;
            QTextImageFormat format = fragment.charFormat().toImageFormat();
            const QVariant data = m_browser->loadResource(QTextDocument::ImageResource,
                                                          m_browser->source().resolved(QUrl(format.name())));
            QImage image;
            if (data.typeId() == QMetaType::QByteArray)
                image.loadFromData(data.toByteArray());
            if (image.isNull())
                continue;
            // Its own size, or the page's width when it is wider.
            const int width = std::min(image.width(), widest);
            format.setWidth(width);
            format.setHeight(double(image.height()) * width / image.width());
            QTextCursor cursor(document);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(format);
        }
    }
}

QString UserGuideDialog::guideUrl()
{
    return QStringLiteral("qrc:/guide/user-guide.md");
}

} // namespace flickdesk::ui
