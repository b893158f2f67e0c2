package edge

import (
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3bolt"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	bolt "go.etcd.io/bbolt"
)

const s3File = "s3.bolt"

// openS3Backend picks gofakes3's storage: a bbolt file under dataDir, so objects survive a
// restart, or memory. The caller owns the returned DB (nil for memory) and must close it.
func openS3Backend(dataDir string) (gofakes3.Backend, *bolt.DB, error) {
	if dataDir == "" {
		return s3mem.New(), nil, nil
	}
	// bbolt locks its file; a second edge on the same DataDir fails here instead of waiting.
	db, err := bolt.Open(filepath.Join(dataDir, s3File), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, nil, fmt.Errorf("edge: open s3 database: %w", err)
	}
	return s3bolt.New(db), db, nil
}

// guardS3 is the seam in front of gofakes3, which checks no signature, expiry or POST policy.
// Checks that make the edge refuse what AWS refuses (presigned URL signatures and expiry,
// browser POST policies) belong here, so every S3 request passes through them.
func guardS3(next http.Handler) http.Handler {
	return next
}

// s3Log adapts gofakes3's logger to slog.
type s3Log struct{ log *slog.Logger }

func (l s3Log) Print(level gofakes3.LogLevel, v ...any) {
	msg := fmt.Sprint(v...)
	switch level {
	case gofakes3.LogErr:
		l.log.Error("s3: " + msg)
	case gofakes3.LogWarn:
		l.log.Warn("s3: " + msg)
	default:
		l.log.Debug("s3: " + msg)
	}
}
