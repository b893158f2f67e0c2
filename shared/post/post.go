package post

import (
	"slices"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/media"
	"zuum/shared/text"
)

// Kind is what a post is.
type Kind string

// Post kinds. A beat for sale (Beat) shares the feed's audio tab with audio posts.
const (
	Audio Kind = "audio"
	Video Kind = "video"
	Beat  Kind = "beat" // a beat for sale: its terms are Post.Sale (see beat.go)
)

// Audio post types. TypeBeat is a free beat, an audio post like any other; a beat for sale is
// the kind Beat, whose type is also "beat".
const (
	TypeMusic = "music"
	TypeBeat  = "beat"
)

// Limits on what a post and a comment hold.
const (
	MaxCaption   = 500
	MaxLocation  = 100
	MaxTags      = 20
	MaxTagLength = 50
	MaxComment   = 1000
)

// Links are an audio post's streaming-platform links ("" when absent).
type Links struct {
	Spotify, AppleMusic, YouTubeMusic, Boomplay, Audiomark string
}

// Post is a published post. Media and Cover are media keys; the HTTP edge turns them into URLs.
type Post struct {
	ID       string
	Kind     Kind
	OwnerID  string
	Caption  string
	Type     string // audio: music or beat
	Links    Links  // audio
	Location string // video
	Public   bool   // false only for private videos
	Tags     []string
	Media    string  // the audio or video upload
	Cover    string  // the cover image upload, "" when none
	Art      Art     // the cover's size, renditions and placeholder
	Duration float64 // seconds, 0 when unknown
	// Listening are the bitrates (kbit/s, ascending) of the listening copies of Media
	// (media.ListeningKey) the jobs worker made after the post was published; nil until then, for
	// a video, and when ffmpeg could not transcode it (the post plays Media itself).
	Listening []int
	// Sale is the description and terms of a beat for sale (kind Beat); nil for other kinds.
	Sale *Sale
	// Counters, kept exact by transactions; Plays counts reported plays (Play).
	Reactions, Comments, Shares, Plays int64
	// Promotion is the window during which the post is promoted (PromoteItems), zero when it
	// never was.
	Promotion Promotion
	CreatedAt time.Time
	// indexed are the words a public post is found by in search (its caption's and its owner's
	// username's, as they were at publishing), kept so that taking it down removes exactly the
	// token items publishing wrote; nil for a post that is not indexed.
	indexed []string
}

// Art is what a post keeps about its cover besides its key: the kept picture's size, the widths
// of its JPEG renditions (media.RenditionKey, ascending) and its placeholder (a data URI). It is
// zero for a post without a cover and for posts made before covers had renditions.
type Art struct {
	Width, Height int
	Renditions    []int
	Placeholder   string
}

// artOf is what a post keeps of its claimed cover m.
func artOf(m media.Meta) Art {
	return Art{Width: m.Width, Height: m.Height, Renditions: m.Renditions, Placeholder: m.Placeholder}
}

// MediaKeys are the files the post refers to: its uploads' copies, its cover's renditions and a
// beat's preview.
func (p Post) MediaKeys() []string {
	var keys []string
	preview := ""
	if p.Sale != nil {
		preview = p.Sale.Preview
	}
	for _, k := range []string{p.Media, p.Cover, preview} {
		if k != "" {
			keys = append(keys, k)
		}
	}
	if p.Cover != "" {
		keys = append(keys, media.RenditionKeys(p.Cover, p.Art.Renditions)...)
	}
	if len(p.Listening) > 0 {
		keys = append(keys, media.ListeningKeys(p.Media)...)
	}
	if p.Sale != nil && len(p.Sale.Listening) > 0 {
		keys = append(keys, media.ListeningKeys(preview)...)
	}
	return keys
}

// VisibleTo reports whether viewer may see the post: anyone for a public post, only the owner
// for a private video, nobody for a withdrawn beat (its buyers reach it through their purchases).
func (p Post) VisibleTo(viewer string) bool {
	if p.Sale != nil && p.Sale.Withdrawn {
		return false
	}
	return p.Public || p.OwnerID == viewer
}

// Timelines are the lists the post appears in.
func (p Post) Timelines() []Timeline {
	if k, ok := kinds[p.Kind]; ok {
		return k.timelines(p)
	}
	return nil
}

// Draft is what a creator submits for a new post, before it is checked.
type Draft struct {
	Kind     Kind
	OwnerID  string
	Caption  string
	Type     string // audio: "music" (the default) or "beat"
	Links    Links
	Location string
	Public   bool
	Tags     []string
	Media    string // key of the audio or video upload
	Cover    string // key of the cover image upload, optional (required for a beat for sale)
	Sale     *SaleDraft
	// Artist is the owner's username, which a public post is also found by in search; when it
	// is empty, Create reads it from the owner's profile.
	Artist string
	// Invalid are problems found while reading the submission (a flag that is not a boolean),
	// reported together with the rest.
	Invalid []failure.FieldError
}

// kind is what differs between post kinds.
type kind struct {
	invalid  string     // the message of a refused create
	media    media.Kind // what the main upload must be
	field    string     // the main upload's field
	missing  string     // the main upload is absent
	badMedia string     // it is not the caller's, does not exist or is not of its kind
	// noCaption and noCover answer a missing caption and cover ("" when the cover is optional);
	// mediaTypes, when set, are the only types the main upload may be.
	noCaption, noCover string
	mediaTypes         []string
	order              []string // fields in form order, for error lists
	checkKind          func(d *Draft, add func(field, msg string))
	timelines          func(p Post) []Timeline
}

// Messages of the contract (functions/README.md) and spec part 2 §5.
const (
	msgCaption     = "Caption is required"
	msgCaptionLong = "Caption must be at most 500 characters"
	msgCoverBad    = "Please select a valid image file (JPEG, PNG)"
	msgType        = "Type must be music or beat"
	msgLocation    = "Location must be at most 100 characters"
	msgTagsMany    = "Tag at most 20 people"
	msgTagLong     = "Each tagged name must be at most 50 characters"
	msgComment     = "Comment cannot be empty."
	msgCommentLong = "Comment must be at most 1000 characters"
)

// kinds holds every kind a post can be created as, and where each is listed.
var kinds = map[Kind]kind{
	Audio: {
		invalid: "Validation error or missing files", media: media.Audio, field: "audio_upload",
		missing: "Audio file is required", badMedia: "Please select a valid audio file (MP3, WAV)",
		noCaption: msgCaption,
		order:     []string{"caption", "type", "audio_upload", "cover_photo", "spotify", "apple_music", "youtube_music", "boomplay", "audiomark"},
		checkKind: checkAudio,
		timelines: func(p Post) []Timeline {
			return []Timeline{AllAudio, FeedAudio, UserAudio(p.OwnerID)}
		},
	},
	Video: {
		invalid: "Validation error or missing files.", media: media.Video, field: "video_upload",
		missing: "Video file is required", badMedia: "Please upload a valid video file (MP4, MOV, or AVI)",
		noCaption: msgCaption,
		order:     []string{"caption", "location", "public", "tagged_people", "video_upload", "cover_photo"},
		checkKind: checkVideo,
		timelines: func(p Post) []Timeline {
			if !p.Public {
				return []Timeline{UserVideos(p.OwnerID)}
			}
			return []Timeline{AllVideos, UserVideos(p.OwnerID), UserPublicVideos(p.OwnerID)}
		},
	},
	Beat: {
		invalid: "Validation error or missing files", media: media.Audio, field: "audio_upload",
		missing: "Audio file is required", badMedia: msgBeatAudio,
		noCaption: msgBeatTitle, noCover: msgCoverRequired, mediaTypes: previewTypes,
		order:     []string{"caption", "description", "total_supply", "amount", "audio_upload", "cover_photo"},
		checkKind: checkBeat,
		timelines: func(p Post) []Timeline {
			if p.Sale != nil && p.Sale.Withdrawn {
				return nil
			}
			return []Timeline{AllBeats, FeedAudio, UserBeats(p.OwnerID)}
		},
	},
}

// check applies the rules that need no I/O, cleaning d's text in place (text.Clean: control,
// zero-width and bidirectional characters go; blanks are what text.Blank says; lengths are in
// characters, text.Len). The media keys are checked against the bucket by the store.
func (k kind) check(d *Draft) []failure.FieldError {
	errs := slices.Clone(d.Invalid)
	add := func(field, msg string) { // one message per field, the first found
		if !slices.ContainsFunc(errs, func(e failure.FieldError) bool { return e.Field == field }) {
			errs = append(errs, failure.FieldError{Field: field, Msg: msg})
		}
	}
	d.Caption = text.Clean(d.Caption, false)
	switch {
	case text.Blank(d.Caption):
		add("caption", k.noCaption)
	case text.Len(d.Caption) > MaxCaption:
		add("caption", msgCaptionLong)
	}
	d.Media, d.Cover = strings.TrimSpace(d.Media), strings.TrimSpace(d.Cover)
	if d.Media == "" {
		add(k.field, k.missing)
	}
	if d.Cover == "" && k.noCover != "" {
		add("cover_photo", k.noCover)
	}
	k.checkKind(d, add)
	return errs
}

func checkAudio(d *Draft, add func(field, msg string)) {
	d.Public = true
	switch d.Type = strings.ToLower(strings.TrimSpace(d.Type)); d.Type {
	case "":
		d.Type = TypeMusic
	case TypeMusic, TypeBeat:
	default:
		add("type", msgType)
	}
	links := []struct {
		field string
		v     *string
	}{
		{"spotify", &d.Links.Spotify}, {"apple_music", &d.Links.AppleMusic},
		{"youtube_music", &d.Links.YouTubeMusic}, {"boomplay", &d.Links.Boomplay}, {"audiomark", &d.Links.Audiomark},
	}
	// Links are optional: a new artist may have no streaming release yet (the spec's "At least
	// one platform link is required" is a warning in the form, not a refusal).
	for _, l := range links {
		if *l.v = strings.TrimSpace(*l.v); *l.v != "" && !text.WebURL(*l.v) {
			add(l.field, l.field+" must be a valid URL")
		}
	}
}

func checkVideo(d *Draft, add func(field, msg string)) {
	d.Type, d.Links = "", Links{}
	switch d.Location = text.Clean(d.Location, false); {
	case text.Blank(d.Location):
		d.Location = ""
	case text.Len(d.Location) > MaxLocation:
		add("location", msgLocation)
	}
	tags, long := CleanTags(d.Tags)
	switch {
	case long:
		add("tagged_people", msgTagLong)
	case len(tags) > MaxTags:
		add("tagged_people", msgTagsMany)
	}
	d.Tags = tags
}

// CleanTags cleans tags (text.Clean, one line each) and drops blanks and duplicates (ignoring
// case, keeping the first spelling); long reports a tag over MaxTagLength characters.
func CleanTags(in []string) (tags []string, long bool) {
	tags = []string{}
	seen := map[string]bool{}
	for _, t := range in {
		t = text.Clean(t, false)
		if text.Blank(t) || seen[strings.ToLower(t)] {
			continue
		}
		seen[strings.ToLower(t)] = true
		long = long || text.Len(t) > MaxTagLength
		tags = append(tags, t)
	}
	return tags, long
}

// refuse returns the kind's validation error with errs in form order.
func (k kind) refuse(errs []failure.FieldError) error {
	rank := func(f string) int {
		if i := slices.Index(k.order, f); i >= 0 {
			return i
		}
		return len(k.order)
	}
	slices.SortStableFunc(errs, func(a, b failure.FieldError) int { return rank(a.Field) - rank(b.Field) })
	return failure.Fields(k.invalid, errs...)
}

// CommentText checks a comment and returns it cleaned (text.Clean). A comment may hold line
// breaks (it is prose, and other clients send them); a caption, a location and a tag are one
// line each (a caption is shown as the post's title).
func CommentText(s string) (string, error) {
	s = text.Clean(s, true)
	switch {
	case text.Blank(s):
		return "", failure.Fields(msgComment, failure.FieldError{Field: "comment", Msg: msgComment})
	case text.Len(s) > MaxComment:
		return "", failure.Fields(msgCommentLong, failure.FieldError{Field: "comment", Msg: msgCommentLong})
	}
	return s, nil
}

// Errors the store returns. The HTTP edge names the missing thing per route ("Audio post not
// found", "Shared audio not found").
var (
	ErrNotFound  = failure.New(failure.NotFound, "Post not found")
	ErrNotOwner  = failure.New(failure.Forbidden, "You can only delete your own posts.")
	ErrBadCursor = failure.New(failure.Invalid, "Invalid cursor.")
)
