// Package media holds the rules for uploaded files: the kinds (audio, video, image, and a
// release's release_audio and cover_art), the types
// and sizes each accepts with the spec's messages (Rule, Validate), where uploads live
// (uploads/<userId>/<kind>/<uuid><ext>) and where the files posts use live
// (media/<userId>/<kind>/<uuid><ext>), judging a file by parsing its bytes (ExamineFile: the
// media function and post creation share it), telling its type (Sniff, SniffAt) and its length
// in seconds (Duration), re-encoding pictures (Reencode) and making their smaller JPEG renditions
// and placeholders (RenditionKey, Placeholder), the S3 store that signs browser uploads
// (a presigned POST whose policy pins key, type and size), examines, claims (copies a checked
// upload where no upload form reaches), signs and deletes them, and the catalog where the media
// function records what it found in each upload.
//
// The catalog lives in the Posts table (schema.Posts), one item per uploaded object:
//
//	pk=MEDIA#<key>  sk=META  {key, content_type, size, duration, status "ok"|"rejected", reason, checked_at}
//
// content_type is what the bytes are (sniffed, canonical), size is in bytes, duration in seconds
// (0 when unknown or for images), reason says why a rejected object was deleted. No item means
// the object has not been checked yet.
package media

import (
	"strings"

	"zuum/shared/schema"
)

// Kind is what an upload is for.
type Kind string

// Upload kinds.
const (
	Audio Kind = "audio"
	Video Kind = "video"
	Image Kind = "image"
	// ReleaseAudio is a distribution track (MP3, WAV or FLAC under 20 MB), delivered to stores
	// as uploaded.
	ReleaseAudio Kind = "release_audio"
	// CoverArt is a release's cover (JPG or PNG under 5 MB, at least MinCoverSide pixels on each
	// side), delivered to stores as uploaded.
	CoverArt Kind = "cover_art"
)

// IsAudio reports whether uploads of kind are sound (they must play for some time).
func (k Kind) IsAudio() bool { return k == Audio || k == ReleaseAudio }

// IsPicture reports whether uploads of kind are pictures (decoded in full to be checked).
func (k Kind) IsPicture() bool { return k == Image || k == CoverArt }

// SniffLen is how many leading bytes Sniff needs to tell every accepted type.
const SniffLen = 4096

// UserPrefix is the key prefix of userID's uploads of kind: uploads/<userId>/<kind>/.
func UserPrefix(userID string, kind Kind) string {
	return "uploads/" + userID + "/" + string(kind) + "/"
}

// OwnedBy reports whether key is one of userID's uploads of kind (and not a path trick).
func OwnedBy(key, userID string, kind Kind) bool {
	prefix := UserPrefix(userID, kind)
	rest, ok := strings.CutPrefix(key, prefix)
	return ok && userID != "" && rest != "" && !strings.Contains(rest, "/") && !strings.Contains(key, "..")
}

// ParseKey splits an upload key uploads/<userId>/<kind>/<name> into its owner and kind. It
// reports false for any other key, or one whose kind is not a kind of upload.
func ParseKey(key string) (userID string, kind Kind, ok bool) {
	parts := strings.Split(key, "/")
	if len(parts) != 4 || parts[0]+"/" != schema.UploadsPrefix || parts[1] == "" || parts[3] == "" || strings.Contains(key, "..") {
		return "", "", false
	}
	if _, known := rules[Kind(parts[2])]; !known {
		return "", "", false
	}
	return parts[1], Kind(parts[2]), true
}

// KindOf is the kind a canonical content type belongs to, or "".
func KindOf(contentType string) Kind {
	switch {
	case strings.HasPrefix(contentType, "audio/"):
		return Audio
	case strings.HasPrefix(contentType, "video/"):
		return Video
	case strings.HasPrefix(contentType, "image/"):
		return Image
	}
	return ""
}
