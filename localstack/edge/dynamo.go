package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/truora/minidyn/server"
)

// dynamo serves DynamoDB with minidyn's in-memory engine (its server package's Client). It adds
// what minidyn lacks and the rest of Zuum needs: a record of table definitions (minidyn has no
// ListTables, and snapshots need the definitions), ListTables, TTL settings (kept, never
// enforced, as code checks expiry itself), TableStatus in descriptions, locking around table
// administration (which minidyn does unlocked), a correct encoding of empty lists, maps
// and binaries (see toWire), and writes that succeed whole or change nothing: transactions run
// by the edge (minidyn's rollback corrupts tables, see transactWriteItems), any failed write
// undone, values of no type refused (see writeOps), and update expressions whose REMOVE clause
// removes, in UpdateItem and in a transaction's Update (minidyn ignores REMOVE of a top-level
// attribute; see removal), and secondary indexes that stay whole when a write gives an item index
// keys or takes them away (see dynamo_index.go).
type dynamo struct {
	client *server.Client

	// mu is held shared by item reads (minidyn serialises those itself) and exclusively by
	// writes (see writeOps) and by table administration, which reads and writes minidyn's table
	// map unlocked. It also guards tables.
	mu     sync.RWMutex
	tables map[string]*tableDef

	// onChange, set before serving, is told after every successful mutating call.
	onChange func()

	// faults, when set, fails a share of item calls (see DynamoFaults).
	faults atomic.Pointer[faults]
}

// tableDef is what the edge remembers of a table: enough to create it again.
type tableDef struct {
	Definition server.CreateTableInput `json:"definition"`
	TTL        *ttlSpec                `json:"ttl,omitempty"`
}

// ttlSpec is DynamoDB's TimeToLiveSpecification.
type ttlSpec struct {
	AttributeName string `json:"AttributeName"`
	Enabled       bool   `json:"Enabled"`
}

// maxDynamoBody bounds a request body: DynamoDB's largest request (a 100-item transaction of
// 400 KB items) is far smaller.
const maxDynamoBody = 64 << 20

func newDynamo() *dynamo {
	return &dynamo{client: server.NewClient(), tables: map[string]*tableDef{}}
}

func (d *dynamo) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeJSONError(w, contentJSON10, &awsError{http.StatusMethodNotAllowed, "UnknownOperationException",
			"DynamoDB is called with POST"})
		return
	}
	target := r.Header.Get("X-Amz-Target")
	op := target[strings.LastIndex(target, ".")+1:]
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxDynamoBody))
	if err != nil {
		writeJSONError(w, contentJSON10, &awsError{http.StatusBadRequest, "SerializationException",
			"cannot read request body: " + err.Error()})
		return
	}
	switch {
	case op == "ListTables":
		d.serveListTables(w, body)
	case op == "DescribeTimeToLive":
		d.serveDescribeTTL(w, body)
	case op == "UpdateTimeToLive":
		d.serveUpdateTTL(w, body)
	case adminOps[op] != nil:
		d.serveAdmin(r.Context(), w, op, body, scopeRegion(r))
	case itemOps[op] != nil || writeOps[op] != nil:
		if f := d.faults.Load(); f != nil {
			refuse, lose := f.draw()
			if refuse {
				writeJSONError(w, contentJSON10, injectedError)
				return
			}
			if lose {
				d.serveItems(r.Context(), &discard{}, op, body)
				writeJSONError(w, contentJSON10, injectedError)
				return
			}
		}
		d.serveItems(r.Context(), w, op, body)
	default:
		writeJSONError(w, contentJSON10, &awsError{http.StatusBadRequest,
			"com.amazon.coral.service#UnknownOperationException",
			fmt.Sprintf("the local edge does not implement DynamoDB %q", op)})
	}
}

// serveItems runs an item operation. Reads run concurrently with each other; a write runs alone,
// so that the edge can undo whatever a failed write left behind before anyone sees it (see
// writeOps). The answer is encoded before the lock is released: minidyn's outputs share their
// values with the stored items.
func (d *dynamo) serveItems(ctx context.Context, w http.ResponseWriter, op string, body []byte) {
	write := writeOps[op]
	var answer []byte
	var err error
	if write != nil {
		d.mu.Lock()
		answer, err = encodeOutput(write(ctx, d, body))
		d.mu.Unlock()
	} else {
		d.mu.RLock()
		answer, err = encodeOutput(itemOps[op](ctx, d.client, body))
		d.mu.RUnlock()
	}
	if err != nil {
		writeDynamoError(w, err)
		return
	}
	if write != nil {
		d.changed()
	}
	w.Header().Set("Content-Type", contentJSON10)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(answer)
}

// encodeOutput writes an operation's output as DynamoDB does (see toWire), or passes its error on.
func encodeOutput(out any, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	answer, err := json.Marshal(toWire(reflect.ValueOf(out)))
	if err != nil {
		return nil, &awsError{http.StatusInternalServerError, "InternalServerError", "edge: encode answer: " + err.Error()}
	}
	return answer, nil
}

func (d *dynamo) changed() {
	if d.onChange != nil {
		d.onChange()
	}
}

// dynamoRequest builds a request for call: only the target and the body matter.
func dynamoRequest(op string, body []byte) *http.Request {
	return &http.Request{
		Method: http.MethodPost,
		URL:    &url.URL{Path: "/"},
		Header: http.Header{
			"X-Amz-Target": {"DynamoDB_20120810." + op},
			"Content-Type": {contentJSON10},
		},
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)),
	}
}

// call runs one DynamoDB operation through the same handler clients use, decoding the answer
// into out. Snapshots and restores use it so they see exactly what clients see.
func (d *dynamo) call(op string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("edge: encode %s: %w", op, err)
	}
	r := dynamoRequest(op, body)
	rec := newBufferedResponse()
	d.ServeHTTP(rec, r)
	if rec.code() != http.StatusOK {
		var e struct {
			Type    string `json:"__type"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(rec.body.Bytes(), &e); err != nil || e.Type == "" {
			return fmt.Errorf("edge: %s: status %d: %s", op, rec.code(), strings.TrimSpace(rec.body.String()))
		}
		return fmt.Errorf("edge: %s: %w", op, &awsError{rec.code(), e.Type, e.Message})
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(rec.body.Bytes(), out); err != nil {
		return fmt.Errorf("edge: decode %s: %w", op, err)
	}
	return nil
}
