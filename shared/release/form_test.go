package release_test

import (
	"strings"
	"testing"
	"time"

	"zuum/shared/release"
)

// complete is a single that passes every rule in 2026.
func complete() release.Form {
	return release.Form{
		HasDistributed: "no", ArtistName: "Ada", ConfirmOwnership: true, ReleaseType: "single", Title: "T",
		CoverArt: "media/u/cover_art/c.png", AudioFile: "media/u/release_audio/a.wav", Genre: "pop",
		ReleaseDate: "2026-12-02", Copyright: release.Copyright{Year: 2026, Owner: "Ada"},
		Songwriter: "self", Songwriters: []string{"Ada"}, Lyrics: "la",
		Agreements: release.Agreements{Terms: true, YouTubeAck: true, PromoAck: true, RightsAck: true, NameAck: true, DistributionAck: true},
	}.Normal()
}

// Lagos is an hour ahead of UTC: at 23:30 UTC on 1 December it is already 2 December there, so
// 1 December is yesterday and refused, 2 December is today and taken.
func TestCheck_TodayIsLagossToday(t *testing.T) {
	t.Parallel()
	lateUTC := time.Date(2026, 12, 1, 23, 30, 0, 0, time.UTC)
	f := complete()
	if errs := f.Check(lateUTC); len(errs) != 0 {
		t.Fatalf("today in Lagos refused: %v", errs)
	}
	f.ReleaseDate = "2026-12-01"
	errs := f.Check(lateUTC)
	if len(errs) != 1 || errs[0].Field != "releaseDate" || errs[0].Msg != release.MsgReleaseDatePast {
		t.Errorf("yesterday in Lagos: %v", errs)
	}
	f.ReleaseDate = "1 Dec 2026"
	if errs := f.Check(lateUTC); len(errs) != 1 || errs[0].Msg != release.MsgReleaseDateFormat {
		t.Errorf("a malformed date: %v", errs)
	}
}

func TestCheck_CopyrightYearWithinFiveOfNow(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	for year, ok := range map[int]bool{2021: true, 2031: true, 2020: false, 2032: false, 0: false} {
		f := complete()
		f.Copyright.Year = year
		errs := f.Check(now)
		if ok != (len(errs) == 0) || !ok && (errs[0].Field != "copyright.year" || errs[0].Msg != "Copyright year must be between 2021 and 2031") {
			t.Errorf("year %d: %v", year, errs)
		}
	}
}

func TestNormal_FillsTheWizardsDefaults(t *testing.T) {
	t.Parallel()
	f := release.Form{ReleaseType: " Album ", Tracks: make([]release.Track, 3)}.Normal()
	if f.ReleaseType != "album" || f.NumberOfTracks != 3 || f.AllPlatforms == nil || !*f.AllPlatforms ||
		!*f.Platforms.Spotify || !*f.Platforms.AppleMusic || !*f.Platforms.YouTubeMusic || f.Platforms.Tidal || f.PromotionPackage != "none" {
		t.Errorf("%+v", f)
	}
	if f := (release.Form{ReleaseType: "album"}).Normal(); f.NumberOfTracks != 2 {
		t.Errorf("an album listing no tracks has %d, want the default 2", f.NumberOfTracks)
	}
}

func TestPackages_AreTheWizardsPrices(t *testing.T) {
	t.Parallel()
	for id, naira := range map[string]int64{"none": 0, "": 0, "basic": 20_000, "standard": 50_000, "premium": 100_000} {
		if p, ok := release.PackageOf(id); !ok || p.Price.Kobo() != naira*100 {
			t.Errorf("%q: %+v %v", id, p, ok)
		}
	}
	if _, ok := release.PackageOf("gold"); ok {
		t.Error("gold is no package")
	}
}

func TestCheck_TextsLongerThanTheirLimitsAreRefusedInDraftsToo(t *testing.T) {
	t.Parallel()
	f := complete()
	f.Title = strings.Repeat("ọ̀", release.MaxName) // one character each, however many code points
	if errs := f.Check(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)); len(errs) != 0 {
		t.Fatalf("200 characters refused: %v", errs)
	}
	f.Title += "a"
	f.Lyrics = strings.Repeat("la ", release.MaxLyrics)
	errs := f.CheckDraft()
	if len(errs) != 2 || errs[0].Field != "title" || errs[1].Field != "lyrics" || errs[0].Msg != "Must be at most 200 characters" {
		t.Errorf("draft: %v", errs)
	}
}
