package edge

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
)

// notifications holds the S3 ObjectCreated notification configurations: which function each
// new object under a bucket's prefix invokes.
type notifications struct {
	mu    sync.RWMutex
	rules []notifyRule
	seq   atomic.Uint64 // orders the events of a key, as S3's sequencer does
}

type notifyRule struct {
	bucket, prefix, function string
}

// NotifyObjectCreated makes every object created in bucket under prefix (by PutObject, signed or
// presigned, a browser POST, CopyObject or CompleteMultipartUpload) invoke function
// asynchronously with the S3 event AWS sends, as a bucket notification configuration with an
// ObjectCreated:* Lambda target and a prefix filter does. The invocation is queued before S3
// answers the request, and retried and dead-lettered like any asynchronous invocation.
func (e *Edge) NotifyObjectCreated(bucket, prefix, function string) {
	e.notify.mu.Lock()
	defer e.notify.mu.Unlock()
	e.notify.rules = append(e.notify.rules, notifyRule{bucket, prefix, function})
}

// functionsFor lists the functions an object created at bucket/key invokes.
func (n *notifications) functionsFor(bucket, key string) []string {
	n.mu.RLock()
	defer n.mu.RUnlock()
	var out []string
	for _, rule := range n.rules {
		if rule.bucket == bucket && strings.HasPrefix(key, rule.prefix) {
			out = append(out, rule.function)
		}
	}
	return out
}

// createdEvent names the ObjectCreated event of a successful signed write, or "" when the write
// created no object (a bucket, a part, tags, a deletion).
func createdEvent(r *http.Request, rec *bufferedResponse) string {
	if rec.code()/100 != 2 {
		return ""
	}
	bucket, key := splitBucketKey(r.URL.Path)
	if bucket == "" || key == "" {
		return ""
	}
	q := r.URL.Query()
	switch r.Method {
	case http.MethodPut:
		for name := range q {
			if name != "x-id" && !strings.HasPrefix(strings.ToLower(name), "x-amz-") {
				return "" // a sub-resource (uploadId and partNumber, tagging, acl…)
			}
		}
		if r.Header.Get("X-Amz-Copy-Source") != "" {
			return "ObjectCreated:Copy"
		}
		return "ObjectCreated:Put"
	case http.MethodPost:
		// CompleteMultipartUpload can fail after its 200 has started: the error is in the body.
		if q.Get("uploadId") != "" && !bytes.Contains(rec.body.Bytes(), []byte("<Error>")) {
			return "ObjectCreated:CompleteMultipartUpload"
		}
	}
	return ""
}

// objectCreated queues the notifications of a new object, with the event AWS sends.
func (e *Edge) objectCreated(r *http.Request, rec *bufferedResponse, cred credential, bucket, key, name string) {
	functions := e.notify.functionsFor(bucket, key)
	if len(functions) == 0 {
		return
	}
	obj, err := e.s3backend.HeadObject(bucket, key)
	if err != nil {
		e.log.Error("s3: notification not sent: object unreadable", "bucket", bucket, "key", key, "err", err)
		return
	}
	_ = obj.Contents.Close()
	region := cred.region
	if region == "" {
		region = scopeRegion(r)
	}
	principal := "AWS:" + accountID
	if cred.accessKey != "" {
		principal = "AWS:" + cred.accessKey
	}
	source, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		source = r.RemoteAddr
	}
	for _, function := range functions {
		event := s3Event{Records: []s3Record{{
			EventVersion: "2.1", EventSource: "aws:s3", AWSRegion: region,
			EventTime: time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), EventName: name,
			UserIdentity:      principalID{principal},
			RequestParameters: map[string]string{"sourceIPAddress": source},
			ResponseElements: map[string]string{
				"x-amz-request-id": rec.header.Get("x-amz-request-id"), "x-amz-id-2": rec.header.Get("x-amz-id-2"),
			},
			S3: s3Entity{
				SchemaVersion: "1.0", ConfigurationID: "ObjectCreated-" + function,
				Bucket: s3Bucket{Name: bucket, OwnerIdentity: principalID{accountID}, ARN: "arn:aws:s3:::" + bucket},
				Object: s3Object{
					Key: eventKey(key), Size: obj.Size, ETag: hex.EncodeToString(obj.Hash),
					VersionID: string(obj.VersionID),
					Sequencer: fmt.Sprintf("%016X", uint64(time.Now().UnixNano())+e.notify.seq.Add(1)),
				},
			},
		}}}
		payload, err := json.Marshal(event)
		if err == nil {
			err = e.lambda.enqueue(function, region, uuid.NewString(), payload)
		}
		if err != nil {
			e.log.Error("s3: notification not sent", "bucket", bucket, "key", key, "function", function, "err", err)
		}
	}
}

// eventKey encodes a key as S3 events carry it: form-encoded ("+" for a space), "/" kept.
func eventKey(key string) string {
	segments := strings.Split(key, "/")
	for i, s := range segments {
		segments[i] = url.QueryEscape(s)
	}
	return strings.Join(segments, "/")
}

// The S3 event message (https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-content-structure.html),
// the shape github.com/aws/aws-lambda-go/events.S3Event reads.
type s3Event struct {
	Records []s3Record `json:"Records"`
}

type s3Record struct {
	EventVersion      string            `json:"eventVersion"`
	EventSource       string            `json:"eventSource"`
	AWSRegion         string            `json:"awsRegion"`
	EventTime         string            `json:"eventTime"`
	EventName         string            `json:"eventName"`
	UserIdentity      principalID       `json:"userIdentity"`
	RequestParameters map[string]string `json:"requestParameters"`
	ResponseElements  map[string]string `json:"responseElements"`
	S3                s3Entity          `json:"s3"`
}

type principalID struct {
	PrincipalID string `json:"principalId"`
}

type s3Entity struct {
	SchemaVersion   string   `json:"s3SchemaVersion"`
	ConfigurationID string   `json:"configurationId"`
	Bucket          s3Bucket `json:"bucket"`
	Object          s3Object `json:"object"`
}

type s3Bucket struct {
	Name          string      `json:"name"`
	OwnerIdentity principalID `json:"ownerIdentity"`
	ARN           string      `json:"arn"`
}

type s3Object struct {
	Key       string `json:"key"`
	Size      int64  `json:"size"`
	ETag      string `json:"eTag"`
	VersionID string `json:"versionId,omitempty"`
	Sequencer string `json:"sequencer"`
}
