package licence

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/components/code"
	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/line"
	"github.com/johnfercher/maroto/v2/pkg/components/text"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/core/entity"
	"github.com/johnfercher/maroto/v2/pkg/props"
	"github.com/johnfercher/maroto/v2/pkg/repository"
)

// The PDF's typeface is DejaVu Sans cut down to the Latin scripts (Yoruba, Igbo and Hausa
// letters included), punctuation and currency signs: the PDF core fonts have no ₦. See
// fonts/README.md for how the files were made.
var (
	//go:embed fonts/DejaVuSans.ttf
	regularFont []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	boldFont []byte
)

const family = "dejavu"

var loadFonts = sync.OnceValues(func() ([]*entity.CustomFont, error) {
	return repository.New().
		AddUTF8FontFromBytes(family, fontstyle.Normal, regularFont).
		AddUTF8FontFromBytes(family, fontstyle.Bold, boldFont).
		Load()
})

// lagos is West Africa Time, UTC+1 all year: the date printed on a licence is the buyer's.
// rendering lets one Render at a time use the shared fonts.
var rendering sync.Mutex

var lagos = time.FixedZone("WAT", 60*60)

var (
	ink  = &props.Color{Red: 33, Green: 33, Blue: 33}
	grey = &props.Color{Red: 110, Green: 110, Blue: 110}
	rule = &props.Color{Red: 200, Green: 200, Blue: 200}
)

// Render makes l's licence as a one-page PDF: who sold what to whom, for how much and when,
// the terms of the non-exclusive licence, and verifyURL (VerifyURL) written out and as a QR
// code, so anyone handed the paper can check it.
//
// One PDF is made at a time: the PDF library writes into the parsed fonts (loadFonts) it shares
// between documents, so two at once would race over them.
func Render(l Licence, verifyURL string) (pdf []byte, err error) {
	rendering.Lock()
	defer rendering.Unlock()
	for _, f := range []*string{&l.Number, &l.PurchaseID, &l.BeatID, &l.BeatTitle, &l.BuyerUsername, &l.ProducerUsername} {
		*f = printable(*f)
	}
	verifyURL = printable(verifyURL)
	defer func() { // the PDF library panics on some input instead of failing; a request must not
		if v := recover(); v != nil {
			pdf, err = nil, fmt.Errorf("licence: render %s: %v", l.Number, v)
		}
	}()
	fonts, err := loadFonts()
	if err != nil {
		return nil, fmt.Errorf("licence: load fonts: %w", err)
	}
	cfg := config.NewBuilder().
		WithCustomFonts(fonts).
		WithDefaultFont(&props.Font{Family: family, Size: 10, Color: ink}).
		WithLeftMargin(18).WithRightMargin(18).WithTopMargin(16).
		WithTitle("Zuum beat licence "+l.Number, true).
		WithAuthor("Zuum", true).
		WithSubject(fmt.Sprintf("Non-exclusive licence of %q to %s", l.BeatTitle, l.BuyerUsername), true).
		WithCreationDate(l.PurchasedAt).
		Build()
	m := maroto.New(cfg)

	m.AddAutoRow(text.NewCol(12, "ZUUM", props.Text{Size: 22, Style: fontstyle.Bold}))
	m.AddAutoRow(text.NewCol(12, "Non-exclusive beat licence", props.Text{Size: 15, Style: fontstyle.Bold, Top: 2}))
	m.AddAutoRow(text.NewCol(12, "Licence number "+l.Number, props.Text{Size: 12, Top: 3}))
	m.AddRows(divider())

	for _, f := range facts(l) {
		m.AddAutoRow(
			text.NewCol(4, f[0], props.Text{Color: grey, Top: 1.5}),
			text.NewCol(8, f[1], props.Text{Style: fontstyle.Bold, Top: 1.5}),
		)
	}
	m.AddRows(divider())

	m.AddAutoRow(text.NewCol(12, "Terms", props.Text{Size: 12, Style: fontstyle.Bold}))
	for i, term := range Terms(l) {
		m.AddAutoRow(
			text.NewCol(1, fmt.Sprintf("%d.", i+1), props.Text{Top: 2}),
			text.NewCol(11, term, props.Text{Top: 2, VerticalPadding: 0.8}),
		)
	}
	m.AddRows(divider())

	m.AddRow(40,
		code.NewQrCol(3, verifyURL, props.Rect{Percent: 100}),
		col.New(9).Add(
			text.New("Check that this licence is genuine: scan the code or open", props.Text{Left: 4, Top: 6}),
			text.New(verifyURL, props.Text{Left: 4, Top: 12, Size: 9, Style: fontstyle.Bold}),
			text.New("The page shows the licence as Zuum recorded it at the purchase.", props.Text{Left: 4, Top: 20, Size: 9, Color: grey}),
		),
	)

	doc, err := m.Generate()
	if err != nil {
		return nil, fmt.Errorf("licence: render %s: %w", l.Number, err)
	}
	return doc.GetBytes(), nil
}

func divider() core.Row {
	return line.NewRow(8, props.Line{Color: rule, Thickness: 0.3, OffsetPercent: 50})
}

// facts are the licence's particulars, label and value, as printed.
func facts(l Licence) [][2]string {
	return [][2]string{
		{"Beat", l.BeatTitle},
		{"Producer (licensor)", "@" + l.ProducerUsername},
		{"Licensee (buyer)", "@" + l.BuyerUsername},
		{"Price paid", l.Price.String()},
		{"Date of purchase", Date(l.PurchasedAt)},
		{"Beat ID", l.BeatID},
		{"Purchase ID", l.PurchaseID},
	}
}

// Date is how a licence prints its purchase time: the day and time in Lagos.
func Date(t time.Time) string { return t.In(lagos).Format("2 January 2006, 15:04 MST") }

// Terms are the clauses of the non-exclusive licence l grants, in order, as printed.
func Terms(l Licence) []string {
	producer, buyer, beat := "@"+l.ProducerUsername, "@"+l.BuyerUsername, strings.TrimSpace(l.BeatTitle)
	return []string{
		fmt.Sprintf("Grant. %s (the Producer) grants %s (the Licensee) a non-exclusive, worldwide licence, "+
			"without end date, to use the beat %q (the Beat) in new songs of the Licensee's own: to record vocals "+
			"and other parts over it, and to release, sell, stream, broadcast and perform those songs and use "+
			"them in music videos, for profit or not, with no further fee to the Producer.", producer, buyer, beat),
		"Non-exclusive. The Producer may go on licensing the Beat to anyone else, and using it, on any terms; " +
			"other artists may hold licences to the same Beat.",
		"What stays with the Producer. The Producer keeps the copyright and every other right in the Beat, " +
			"its composition and its recording. The Licensee owns what they add to it (lyrics, vocals, other parts); " +
			"a song made under this licence does not make the Beat the Licensee's.",
		fmt.Sprintf("Credit. Every release of a song made with the Beat credits the Producer as \"Prod. by %s\" "+
			"in its credits or description, wherever the platform allows it.", producer),
		"No resale of the Beat itself. The Licensee may not sell, lease, license, give away or upload the Beat " +
			"alone or as an instrumental, loop or sample, nor register the Beat on its own with a content identification " +
			"service as theirs.",
		"Personal. This licence belongs to the Licensee and cannot be transferred or sublicensed, except to the " +
			"distributors, platforms and broadcasters that release the Licensee's songs.",
		"Record. This licence is valid as Zuum recorded it at the purchase, under the number above; the address " +
			"below shows that record to anyone.",
	}
}
