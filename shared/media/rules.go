package media

import (
	"mime"
	"path"
	"slices"
	"strings"

	"zuum/shared/failure"
)

// Largest accepted sizes in bytes: the spec says "less than 5MB" and "less than 50MB", so
// 5,242,880 and 52,428,800 bytes are the first sizes refused.
const (
	MaxImageSize int64 = 5<<20 - 1
	MaxAudioSize int64 = 50<<20 - 1
	MaxVideoSize int64 = 50<<20 - 1
	// Distribution files: "under 20 MB" and "under 5 MB" (spec part 2 §5, §9).
	MaxReleaseAudioSize int64 = 20<<20 - 1
	MaxCoverArtSize     int64 = 5<<20 - 1
)

// MinCoverSide is the fewest pixels a cover may have on each side: stores ask for 3000x3000.
const MinCoverSide = 3000

// CoverTooSmallMessage refuses a cover under MinCoverSide pixels on a side.
const CoverTooSmallMessage = "Cover art must be at least 3000x3000"

// ValidationMessage is the top message of every refused upload, as the spec's upload forms say.
const ValidationMessage = "Validation error or missing files"

// KindMessage is the field message for a kind that is not a kind of upload.
const KindMessage = "Upload kind must be audio, video, image, release_audio or cover_art"

// Rule is what one kind of upload accepts, with the spec's messages for what it refuses.
type Rule struct {
	Kind        Kind
	Types       []string // canonical content types, in the order the spec names them
	MaxSize     int64    // largest accepted size in bytes
	TypeMessage string   // the file is not one of Types
	SizeMessage string   // the file is larger than MaxSize
}

var rules = map[Kind]Rule{
	Image: {
		Kind: Image, Types: []string{"image/jpeg", "image/png"}, MaxSize: MaxImageSize,
		TypeMessage: "Please select a valid image file (JPEG, PNG)",
		SizeMessage: "Image must be less than 5MB",
	},
	Audio: {
		Kind: Audio, Types: []string{"audio/mpeg", "audio/wav", "audio/flac", "audio/aac"}, MaxSize: MaxAudioSize,
		TypeMessage: "Please select a valid audio file (MP3, WAV)",
		SizeMessage: "Audio file must be less than 50MB",
	},
	Video: {
		Kind: Video, Types: []string{"video/mp4", "video/quicktime", "video/x-msvideo"}, MaxSize: MaxVideoSize,
		TypeMessage: "Please upload a valid video file (MP4, MOV, or AVI)",
		SizeMessage: "Video file size exceeds 50MB limit",
	},
	ReleaseAudio: {
		Kind: ReleaseAudio, Types: []string{"audio/mpeg", "audio/wav", "audio/flac"}, MaxSize: MaxReleaseAudioSize,
		TypeMessage: "Please upload MP3, WAV, or FLAC",
		SizeMessage: "Audio file exceeds 20MB limit",
	},
	CoverArt: {
		Kind: CoverArt, Types: []string{"image/jpeg", "image/png"}, MaxSize: MaxCoverArtSize,
		TypeMessage: "Please upload JPG or PNG",
		SizeMessage: "Image exceeds 5MB limit",
	},
}

// RuleOf returns the rule of kind, and false for an unknown kind.
func RuleOf(kind Kind) (Rule, bool) {
	r, ok := rules[kind]
	return r, ok
}

// Accepts reports whether contentType (canonical or an alias) is one of kind's types.
func (r Rule) Accepts(contentType string) bool {
	return slices.Contains(r.Types, Canonical(contentType))
}

// fileType is one accepted content type: its aliases and file extensions (the first is the one
// keys get).
type fileType struct {
	canonical string
	aliases   []string
	exts      []string
}

var fileTypes = []fileType{
	{"image/jpeg", []string{"image/jpg", "image/pjpeg"}, []string{".jpg", ".jpeg"}},
	{"image/png", nil, []string{".png"}},
	{"audio/mpeg", []string{"audio/mp3", "audio/mpeg3", "audio/x-mp3", "audio/x-mpeg"}, []string{".mp3"}},
	{"audio/wav", []string{"audio/x-wav", "audio/wave", "audio/vnd.wave"}, []string{".wav"}},
	{"audio/flac", []string{"audio/x-flac"}, []string{".flac"}},
	{"audio/aac", []string{"audio/x-aac", "audio/aacp", "audio/vnd.dlna.adts"}, []string{".aac"}},
	{"video/mp4", nil, []string{".mp4", ".m4v"}},
	{"video/quicktime", nil, []string{".mov", ".qt"}},
	{"video/x-msvideo", []string{"video/avi", "video/msvideo"}, []string{".avi"}},
}

func typeOf(canonical string) (fileType, bool) {
	for _, t := range fileTypes {
		if t.canonical == canonical {
			return t, true
		}
	}
	return fileType{}, false
}

// Canonical returns the accepted content type that contentType names (case, parameters and
// aliases aside), or "" when it names none.
func Canonical(contentType string) string {
	ct := strings.ToLower(strings.TrimSpace(contentType))
	if base, _, err := mime.ParseMediaType(ct); err == nil {
		ct = base
	}
	for _, t := range fileTypes {
		if ct == t.canonical || slices.Contains(t.aliases, ct) {
			return t.canonical
		}
	}
	return ""
}

// TypeOfName returns the accepted content type that filename's extension stands for, or "".
func TypeOfName(filename string) string {
	ext := strings.ToLower(path.Ext(filename))
	for _, t := range fileTypes {
		if ext != "" && slices.Contains(t.exts, ext) {
			return t.canonical
		}
	}
	return ""
}

// Ext is the extension keys of contentType get (".mp3"), or "" for a type that is not accepted.
func Ext(contentType string) string {
	if t, ok := typeOf(Canonical(contentType)); ok {
		return t.exts[0]
	}
	return ""
}

// SameFamily reports whether two canonical types may stand for each other: MP4 and QuickTime are
// the same ISO media container, and cameras and editors label either with the other's name.
func SameFamily(a, b string) bool {
	iso := []string{"video/mp4", "video/quicktime"}
	return a == b || slices.Contains(iso, a) && slices.Contains(iso, b)
}

// Request is what a browser asks to upload: the kind it is for and what it says of the file.
type Request struct {
	Kind        Kind
	ContentType string
	Size        int64
	Filename    string
}

// Validate checks r against its kind's rule and returns it with Kind and ContentType canonical.
// A blank or generic content type (application/octet-stream, what browsers send for types they
// do not know) is taken from the file name's extension. Refusals are a failure.Fields error with
// ValidationMessage and one message per field (kind, content_type, filename, size) in the
// spec's words.
func Validate(r Request) (Request, error) {
	r.Kind = Kind(strings.ToLower(strings.TrimSpace(string(r.Kind))))
	rule, ok := RuleOf(r.Kind)
	if !ok {
		return r, failure.Fields(ValidationMessage, failure.FieldError{Field: "kind", Msg: KindMessage})
	}
	var fields []failure.FieldError
	byName := TypeOfName(r.Filename)
	ct := Canonical(r.ContentType)
	if generic := strings.TrimSpace(r.ContentType); generic == "" || strings.EqualFold(generic, "application/octet-stream") {
		ct = byName
	}
	if !rule.Accepts(ct) {
		fields = append(fields, failure.FieldError{Field: "content_type", Msg: rule.TypeMessage})
	}
	if path.Ext(r.Filename) != "" && (!rule.Accepts(byName) || ct != "" && !SameFamily(byName, ct)) {
		fields = append(fields, failure.FieldError{Field: "filename", Msg: rule.TypeMessage})
	}
	switch {
	case r.Size <= 0:
		fields = append(fields, failure.FieldError{Field: "size", Msg: rule.TypeMessage}) // an empty file is no valid file
	case r.Size > rule.MaxSize:
		fields = append(fields, failure.FieldError{Field: "size", Msg: rule.SizeMessage})
	}
	if len(fields) > 0 {
		return r, failure.Fields(ValidationMessage, fields...)
	}
	r.ContentType = ct
	return r, nil
}
