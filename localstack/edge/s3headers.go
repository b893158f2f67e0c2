package edge

import (
	"io"
	"net/http"
	"strings"

	"github.com/johannesboyne/gofakes3"
)

// S3 stores an upload's Cache-Control, Expires and Content-Language with the object and answers
// every GET and HEAD of it with them (a CDN in front keeps objects as long as Cache-Control says).
// gofakes3 keeps only Content-Type, Content-Disposition, Content-Encoding and x-amz-* headers, so
// the edge carries these three through it as x-amz-* metadata under keptPrefix (keepHeaders,
// keptName) and gives them their names back as the object is stored (keptHeadersBackend).
var keptHeaders = []string{"Cache-Control", "Expires", "Content-Language"}

const keptPrefix = "X-Amz-Edge-Kept-"

// keptName is the name under which header name travels through gofakes3, or name itself when
// it is not one of keptHeaders.
func keptName(name string) string {
	for _, h := range keptHeaders {
		if strings.EqualFold(name, h) {
			return keptPrefix + h
		}
	}
	return name
}

// keepHeaders renames the keptHeaders of a PUT (after its signature has been checked).
func keepHeaders(r *http.Request) {
	if r.Method != http.MethodPut {
		return
	}
	for _, h := range keptHeaders {
		if v := r.Header.Values(h); len(v) > 0 {
			r.Header.Del(h)
			r.Header[keptPrefix+h] = v
		}
	}
}

// keptHeadersBackend stores what keepHeaders and keptName renamed under its own name again,
// where gofakes3 serves an object's metadata from as response headers.
type keptHeadersBackend struct{ gofakes3.Backend }

func (b keptHeadersBackend) PutObject(bucket, key string, meta map[string]string, input io.Reader, size int64, cond *gofakes3.PutConditions) (gofakes3.PutObjectResult, error) {
	return b.Backend.PutObject(bucket, key, restoreNames(meta), input, size, cond)
}

// CopyObject is a PUT too: a copy that replaces the metadata stores the request's headers.
func (b keptHeadersBackend) CopyObject(srcBucket, srcKey, dstBucket, dstKey string, meta map[string]string) (gofakes3.CopyObjectResult, error) {
	return b.Backend.CopyObject(srcBucket, srcKey, dstBucket, dstKey, restoreNames(meta))
}

// restoreNames renames meta's keptPrefix entries to the headers they stand for.
func restoreNames(meta map[string]string) map[string]string {
	for k, v := range meta {
		if name, ok := strings.CutPrefix(k, keptPrefix); ok {
			delete(meta, k)
			meta[name] = v
		}
	}
	return meta
}
