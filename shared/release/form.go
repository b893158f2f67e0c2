package release

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/text"
)

// Form is the release form of spec part 2 §3, as the wizard sends it (files by upload key).
// Pointers are the fields whose absence means a default rather than false or zero.
type Form struct {
	HasDistributed   string           `json:"hasDistributed"` // "yes" or "no"
	ArtistName       string           `json:"artistName"`
	ConfirmOwnership bool             `json:"confirmOwnership"`
	ExistingProfiles ExistingProfiles `json:"existingProfiles"`
	ReleaseType      string           `json:"releaseType"` // "single" or "album"
	Title            string           `json:"title"`
	NumberOfTracks   int              `json:"numberOfTracks"`
	Tracks           []Track          `json:"tracks"`
	CoverArt         string           `json:"coverArt"`
	AudioFile        string           `json:"audioFile"`
	Genre            string           `json:"genre"`
	SecondaryGenre   string           `json:"secondaryGenre"`
	ReleaseDate      string           `json:"releaseDate"` // YYYY-MM-DD
	IsExplicit       bool             `json:"isExplicit"`
	ClipStartTime    float64          `json:"clipStartTime"`
	Copyright        Copyright        `json:"copyright"`
	RecordLabel      string           `json:"recordLabel"` // "no" or "yes"
	RecordLabelName  string           `json:"recordLabelName"`
	Songwriter       string           `json:"songwriter"` // "self" or "other"
	Songwriters      []string         `json:"songwriters"`
	Lyrics           string           `json:"lyrics"`
	AllPlatforms     *bool            `json:"allPlatforms"` // default true
	Platforms        Platforms        `json:"platforms"`
	PromotionPackage string           `json:"promotionPackage"` // none, basic, standard, premium
	Agreements       Agreements       `json:"agreements"`
	IsCover          bool             `json:"isCover"`
}

// ExistingProfiles are an artist's profile URLs on the big stores (hasDistributed "yes").
type ExistingProfiles struct {
	Spotify      string `json:"spotify"`
	AppleMusic   string `json:"appleMusic"`
	YouTubeMusic string `json:"youtubeMusic"`
}

// Track is one track of an album.
type Track struct {
	Title          string  `json:"title"`
	Songwriter     string  `json:"songwriter"`
	FeaturedArtist string  `json:"featuredArtist"`
	Lyrics         string  `json:"lyrics"`
	ClipStartTime  float64 `json:"clipStartTime"`
	Genre          string  `json:"genre"`
	AudioFile      string  `json:"audioFile"`
}

// Copyright names who owns the recording and since when.
type Copyright struct {
	Year  int    `json:"year"`
	Owner string `json:"owner"`
}

// Platforms are the stores chosen when not all are (spotify, appleMusic and youtubeMusic are
// chosen unless said otherwise, as in the wizard).
type Platforms struct {
	Spotify      *bool `json:"spotify"`
	AppleMusic   *bool `json:"appleMusic"`
	YouTubeMusic *bool `json:"youtubeMusic"`
	AmazonMusic  bool  `json:"amazonMusic"`
	Tidal        bool  `json:"tidal"`
	Deezer       bool  `json:"deezer"`
}

// Agreements are the boxes of step 5, every one of which must be ticked.
type Agreements struct {
	Terms           bool `json:"terms"`
	YouTubeAck      bool `json:"youtubeAck"`
	PromoAck        bool `json:"promoAck"`
	RightsAck       bool `json:"rightsAck"`
	NameAck         bool `json:"nameAck"`
	DistributionAck bool `json:"distributionAck"`
}

func yes() *bool { b := true; return &b }

// Normal returns f with its text cleaned (package text: one line, lyrics keep their line
// breaks) and its defaults filled in: all platforms, the three big stores, no package, and for
// an album as many tracks as it lists (2 when it lists none).
func (f Form) Normal() Form {
	one := func(s string) string { return text.Clean(s, false) }
	f.HasDistributed = strings.ToLower(one(f.HasDistributed))
	f.ArtistName = one(f.ArtistName)
	f.ExistingProfiles = ExistingProfiles{one(f.ExistingProfiles.Spotify), one(f.ExistingProfiles.AppleMusic), one(f.ExistingProfiles.YouTubeMusic)}
	f.ReleaseType = strings.ToLower(one(f.ReleaseType))
	f.Title = one(f.Title)
	f.Tracks = slices.Clone(f.Tracks)
	for i, t := range f.Tracks {
		f.Tracks[i] = Track{
			Title: one(t.Title), Songwriter: one(t.Songwriter), FeaturedArtist: one(t.FeaturedArtist),
			Lyrics: text.Clean(t.Lyrics, true), ClipStartTime: t.ClipStartTime, Genre: strings.ToLower(one(t.Genre)),
			AudioFile: strings.TrimSpace(t.AudioFile),
		}
	}
	if f.NumberOfTracks == 0 && f.ReleaseType == "album" {
		f.NumberOfTracks = max(len(f.Tracks), MinTracks)
	}
	f.CoverArt, f.AudioFile = strings.TrimSpace(f.CoverArt), strings.TrimSpace(f.AudioFile)
	f.Genre, f.SecondaryGenre = strings.ToLower(one(f.Genre)), strings.ToLower(one(f.SecondaryGenre))
	f.ReleaseDate = one(f.ReleaseDate)
	f.Copyright.Owner = one(f.Copyright.Owner)
	f.RecordLabel, f.RecordLabelName = strings.ToLower(one(f.RecordLabel)), one(f.RecordLabelName)
	f.Songwriter = strings.ToLower(one(f.Songwriter))
	f.Songwriters = slices.Clone(f.Songwriters)
	for i, s := range f.Songwriters {
		f.Songwriters[i] = one(s)
	}
	f.Lyrics = text.Clean(f.Lyrics, true)
	if f.AllPlatforms == nil {
		f.AllPlatforms = yes()
	}
	for _, p := range []**bool{&f.Platforms.Spotify, &f.Platforms.AppleMusic, &f.Platforms.YouTubeMusic} {
		if *p == nil {
			*p = yes()
		}
	}
	f.PromotionPackage = strings.ToLower(one(f.PromotionPackage))
	if f.PromotionPackage == "" {
		f.PromotionPackage = "none"
	}
	return f
}

// Album reports whether f is an album (else a single).
func (f Form) Album() bool { return f.ReleaseType == "album" }

// Texts of the rules (spec part 2 §5, and the for what the spec leaves unsaid).
const (
	MsgSelectOption      = "Please select an option"
	MsgSpotify           = "Spotify URL is required"
	MsgAppleMusic        = "Apple Music URL is required"
	MsgYouTubeMusic      = "YouTube Music URL is required"
	MsgBadURL            = "Enter a valid URL starting with https://"
	MsgArtistName        = "Artist name is required"
	MsgConfirmOwnership  = "Please confirm you own this artist name"
	MsgCover             = "Distribution of cover songs is not supported"
	MsgReleaseType       = "Please select single or album"
	MsgTitle             = "Title is required"
	MsgTrackCount        = "An album has 2 to 15 tracks"
	MsgTrackList         = "List one entry per track (numberOfTracks)"
	MsgTrackTitle        = "Track title is required"
	MsgCoverArt          = "Cover art is required"
	MsgAudioFile         = "Audio file is required"
	MsgGenre             = "Primary genre is required"
	MsgGenreList         = "Choose a genre from the list"
	MsgReleaseDate       = "Release date is required"
	MsgReleaseDateFormat = "Release date must be a date (YYYY-MM-DD)"
	MsgReleaseDatePast   = "Release date cannot be before today"
	MsgCopyrightOwner    = "Copyright owner is required"
	MsgSongwriters       = "All songwriter fields must be filled"
	MsgLyrics            = "Lyrics are required"
	MsgPlatforms         = "Select at least one platform"
	MsgAgree             = "You must agree to continue"
	MsgPackage           = "Promotion package must be none, basic, standard or premium"
	MsgClipStart         = "Clip start time cannot be negative"
)

// MsgCopyrightYear is the text for a copyright year outside now ± CopyrightYears.
func MsgCopyrightYear(now time.Time) string {
	y := now.In(Lagos).Year()
	return fmt.Sprintf("Copyright year must be between %d and %d", y-CopyrightYears, y+CopyrightYears)
}

// Check applies every rule of the wizard (spec part 2 §5) to f (Normal) at now, step by step,
// and returns every failing field at once, each named by its path in the form (`tracks[1].title`,
// `copyright.owner`, `agreements.rightsAck`, `songwriters[0]`). Files are only checked for being
// named here; whether they are real is the store's to say.
func (f Form) Check(now time.Time) []failure.FieldError {
	var errs []failure.FieldError
	add := func(field, msg string) { errs = append(errs, failure.FieldError{Field: field, Msg: msg}) }
	blank := text.Blank

	// Step 1: the artist.
	switch f.HasDistributed {
	case "yes":
		for _, p := range []struct{ field, value, msg string }{
			{"existingProfiles.spotify", f.ExistingProfiles.Spotify, MsgSpotify},
			{"existingProfiles.appleMusic", f.ExistingProfiles.AppleMusic, MsgAppleMusic},
			{"existingProfiles.youtubeMusic", f.ExistingProfiles.YouTubeMusic, MsgYouTubeMusic},
		} {
			switch {
			case blank(p.value):
				add(p.field, p.msg)
			case !text.WebURL(p.value):
				add(p.field, MsgBadURL)
			}
		}
	case "no":
		if blank(f.ArtistName) {
			add("artistName", MsgArtistName)
		}
		if !f.ConfirmOwnership {
			add("confirmOwnership", MsgConfirmOwnership)
		}
	default:
		add("hasDistributed", MsgSelectOption)
	}
	if f.IsCover {
		add("isCover", MsgCover)
	}

	// Step 2: the release.
	if f.ReleaseType != "single" && !f.Album() {
		add("releaseType", MsgReleaseType)
	}
	if blank(f.Title) {
		add("title", MsgTitle)
	}
	tracksOK := true
	if f.Album() {
		switch {
		case f.NumberOfTracks < MinTracks || f.NumberOfTracks > MaxTracks:
			add("numberOfTracks", MsgTrackCount)
			tracksOK = false
		case len(f.Tracks) != f.NumberOfTracks:
			add("tracks", MsgTrackList)
			tracksOK = false
		}
		if tracksOK {
			for i, t := range f.Tracks {
				if blank(t.Title) {
					add(fmt.Sprintf("tracks[%d].title", i), MsgTrackTitle)
				}
			}
		}
	}

	// Step 3: the files.
	if f.CoverArt == "" {
		add("coverArt", MsgCoverArt)
	}
	if f.ReleaseType == "single" && f.AudioFile == "" {
		add("audioFile", MsgAudioFile)
	}
	if f.Album() && tracksOK {
		for i, t := range f.Tracks {
			if t.AudioFile == "" {
				add(fmt.Sprintf("tracks[%d].audioFile", i), MsgAudioFile)
			}
		}
	}

	// Step 4: metadata and rights.
	switch {
	case f.Genre == "":
		add("genre", MsgGenre)
	case !slices.Contains(Genres, f.Genre):
		add("genre", MsgGenreList)
	}
	if f.SecondaryGenre != "" && !slices.Contains(Genres, f.SecondaryGenre) {
		add("secondaryGenre", MsgGenreList)
	}
	if f.Album() && tracksOK {
		for i, t := range f.Tracks {
			if t.Genre != "" && !slices.Contains(Genres, t.Genre) {
				add(fmt.Sprintf("tracks[%d].genre", i), MsgGenreList)
			}
			if t.ClipStartTime < 0 {
				add(fmt.Sprintf("tracks[%d].clipStartTime", i), MsgClipStart)
			}
		}
	}
	if f.ClipStartTime < 0 {
		add("clipStartTime", MsgClipStart)
	}
	if f.ReleaseDate == "" {
		add("releaseDate", MsgReleaseDate)
	} else if d, err := time.ParseInLocation(time.DateOnly, f.ReleaseDate, Lagos); err != nil {
		add("releaseDate", MsgReleaseDateFormat)
	} else if today := now.In(Lagos).Format(time.DateOnly); d.Format(time.DateOnly) < today {
		add("releaseDate", MsgReleaseDatePast)
	}
	if y := now.In(Lagos).Year(); f.Copyright.Year < y-CopyrightYears || f.Copyright.Year > y+CopyrightYears {
		add("copyright.year", MsgCopyrightYear(now))
	}
	if blank(f.Copyright.Owner) {
		add("copyright.owner", MsgCopyrightOwner)
	}
	switch f.Songwriter {
	case "self":
		if len(f.Songwriters) == 0 {
			add("songwriters[0]", MsgSongwriters)
		}
		for i, s := range f.Songwriters {
			if blank(s) {
				add(fmt.Sprintf("songwriters[%d]", i), MsgSongwriters)
			}
		}
	case "other":
	default:
		add("songwriter", MsgSelectOption)
	}
	if f.ReleaseType == "single" && blank(f.Lyrics) {
		add("lyrics", MsgLyrics)
	}

	// Step 5: distribution and agreements.
	if f.AllPlatforms != nil && !*f.AllPlatforms && !f.Platforms.any() {
		add("platforms", MsgPlatforms)
	}
	if _, ok := PackageOf(f.PromotionPackage); !ok {
		add("promotionPackage", MsgPackage)
	}
	a := f.Agreements
	for _, g := range []struct {
		field string
		ok    bool
	}{
		{"agreements.terms", a.Terms}, {"agreements.youtubeAck", a.YouTubeAck}, {"agreements.promoAck", a.PromoAck},
		{"agreements.rightsAck", a.RightsAck}, {"agreements.nameAck", a.NameAck}, {"agreements.distributionAck", a.DistributionAck},
	} {
		if !g.ok {
			add(g.field, MsgAgree)
		}
	}
	return append(errs, f.lengths()...)
}

// Longest texts, in characters a reader sees: names and titles, and lyrics.
const (
	MaxName   = 200
	MaxLyrics = 10_000
)

// MaxBody bounds a release's JSON: an album of MaxTracks tracks with MaxLyrics characters of
// lyrics each is about 150 KB of text, more if the lyrics are not ASCII. It stays under what
// one DynamoDB item holds (400 KB, names included), since a release is one item.
const MaxBody = 360 << 10

// CheckDraft applies the few rules a draft keeps at every step: what it says must be something
// the form can hold (a package that exists, an album no longer than 15 tracks, texts within
// their lengths), not complete.
func (f Form) CheckDraft() []failure.FieldError {
	var errs []failure.FieldError
	if len(f.Tracks) > MaxTracks || f.NumberOfTracks < 0 || f.NumberOfTracks > MaxTracks {
		errs = append(errs, failure.FieldError{Field: "numberOfTracks", Msg: MsgTrackCount})
	}
	if _, ok := PackageOf(f.PromotionPackage); !ok {
		errs = append(errs, failure.FieldError{Field: "promotionPackage", Msg: MsgPackage})
	}
	if len(f.Songwriters) > MaxSongwriters {
		errs = append(errs, failure.FieldError{Field: "songwriters", Msg: fmt.Sprintf("At most %d songwriters", MaxSongwriters)})
	}
	return append(errs, f.lengths()...)
}

// MaxSongwriters bounds the songwriters of one release.
const MaxSongwriters = 50

// lengths refuses texts longer than their limits (drafts and submissions alike).
func (f Form) lengths() []failure.FieldError {
	var errs []failure.FieldError
	long := func(field, value string, max int) {
		if text.Len(value) > max {
			errs = append(errs, failure.FieldError{Field: field, Msg: fmt.Sprintf("Must be at most %d characters", max)})
		}
	}
	for _, t := range []struct{ field, value string }{
		{"artistName", f.ArtistName}, {"existingProfiles.spotify", f.ExistingProfiles.Spotify},
		{"existingProfiles.appleMusic", f.ExistingProfiles.AppleMusic}, {"existingProfiles.youtubeMusic", f.ExistingProfiles.YouTubeMusic},
		{"title", f.Title}, {"copyright.owner", f.Copyright.Owner}, {"recordLabelName", f.RecordLabelName},
	} {
		long(t.field, t.value, MaxName)
	}
	for i, s := range f.Songwriters {
		long(fmt.Sprintf("songwriters[%d]", i), s, MaxName)
	}
	for i, t := range f.Tracks {
		long(fmt.Sprintf("tracks[%d].title", i), t.Title, MaxName)
		long(fmt.Sprintf("tracks[%d].songwriter", i), t.Songwriter, MaxName)
		long(fmt.Sprintf("tracks[%d].featuredArtist", i), t.FeaturedArtist, MaxName)
		long(fmt.Sprintf("tracks[%d].lyrics", i), t.Lyrics, MaxLyrics)
	}
	long("lyrics", f.Lyrics, MaxLyrics)
	return errs
}

func isTrue(b *bool) bool { return b != nil && *b }

// any reports whether at least one platform is chosen.
func (p Platforms) any() bool {
	return isTrue(p.Spotify) || isTrue(p.AppleMusic) || isTrue(p.YouTubeMusic) || p.AmazonMusic || p.Tidal || p.Deezer
}

// Files are the upload keys f names: the cover, the single's audio, each track's audio, in
// that order ("" where none).
func (f Form) Files() []string {
	keys := []string{f.CoverArt, f.AudioFile}
	for _, t := range f.Tracks {
		keys = append(keys, t.AudioFile)
	}
	return keys
}
