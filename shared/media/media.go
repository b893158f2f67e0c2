// Package media holds the rules for uploaded files: the kinds (audio, video, image), the types
// and sizes each accepts with the spec's messages, where uploads live (uploads/<userId>/<kind>/),
// telling a file's real type from its first bytes, and the S3 store that checks, signs and
// deletes uploads.
package media

import (
	"strings"
)

// Kind is what an upload is for.
type Kind string

// Upload kinds.
const (
	Audio Kind = "audio"
	Video Kind = "video"
	Image Kind = "image"
)

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

// Sniff returns the content type the bytes really are (one of the accepted canonical types),
// or "" when they are none of them.
func Sniff(b []byte) string {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return "image/jpeg"
	case len(b) >= 8 && string(b[:8]) == "\x89PNG\r\n\x1a\n":
		return "image/png"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WAVE":
		return "audio/wav"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "AVI ":
		return "video/x-msvideo"
	case len(b) >= 4 && string(b[:4]) == "fLaC":
		return "audio/flac"
	case len(b) >= 12 && string(b[4:8]) == "ftyp":
		if string(b[8:10]) == "qt" {
			return "video/quicktime"
		}
		return "video/mp4"
	case len(b) >= 3 && string(b[:3]) == "ID3":
		return "audio/mpeg"
	case len(b) >= 2 && b[0] == 0xFF && b[1]&0xF6 == 0xF0:
		return "audio/aac" // ADTS: sync word, layer 00
	case len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0:
		return "audio/mpeg" // MPEG audio frame sync
	}
	return ""
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
