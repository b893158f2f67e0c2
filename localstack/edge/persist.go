package edge

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"zuum/localstack/flutterwave"
)

// Snapshot files under DataDir (objects live in s3.bolt).
const (
	dynamoFile  = "dynamodb.json"
	sesFile     = "ses.json"
	secretsFile = "secrets.json"
	// paymentsFile keeps the payment sandbox's accounts and transactions.
	paymentsFile = "flutterwave.json"
)

func (e *Edge) path(name string) string { return filepath.Join(e.dataDir, name) }

// writeJSONFile replaces path with v's JSON atomically: a crash leaves the old file or the new
// one, never half of each.
func writeJSONFile(path string, v any) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("edge: save %s: %w", path, err)
	}
	enc := json.NewEncoder(tmp)
	enc.SetEscapeHTML(false)
	err = enc.Encode(v)
	if err == nil {
		err = tmp.Sync()
	}
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return errors.Join(fmt.Errorf("edge: save %s: %w", path, err), removeIfExists(tmp.Name()))
	}
	return nil
}

// readJSONFile decodes path into v, reporting false when there is no such file yet.
func readJSONFile(path string, v any) (bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("edge: restore %s: %w", path, err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("edge: restore %s: %w", path, err)
	}
	return true, nil
}

func removeIfExists(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// restore loads what a previous run saved in DataDir.
func (e *Edge) restore() error {
	var msgs []Message
	if _, err := readJSONFile(e.path(sesFile), &msgs); err != nil {
		return err
	}
	e.ses.restore(msgs)
	var secrets []secret
	if _, err := readJSONFile(e.path(secretsFile), &secrets); err != nil {
		return err
	}
	e.secrets.restore(secrets)
	var payments flutterwave.State
	if _, err := readJSONFile(e.path(paymentsFile), &payments); err != nil {
		return err
	}
	e.payments.Restore(payments)
	return e.restoreDynamo()
}

// saveInterval is the debounce: at most one background snapshot per interval.
const saveInterval = time.Second

// saver snapshots in the background after changes, at most once per saveInterval, so a burst
// of writes costs one snapshot and `make dev` loses at most a second of work if killed.
type saver struct {
	dirty chan struct{}
	quit  chan struct{}
	done  chan struct{}
	once  sync.Once
}

func startSaver(save func() error, log *slog.Logger) *saver {
	s := &saver{dirty: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		for {
			select {
			case <-s.quit:
				return
			case <-s.dirty:
			}
			start := time.Now()
			if err := save(); err != nil {
				log.Error("edge: background save failed", "err", err)
			} else {
				log.Debug("edge: saved", "took", time.Since(start))
			}
			select {
			case <-s.quit:
				return
			case <-time.After(saveInterval):
			}
		}
	}()
	return s
}

// poke records that state changed; it never blocks.
func (s *saver) poke() {
	select {
	case s.dirty <- struct{}{}:
	default:
	}
}

// stop ends the background loop and waits for a save in progress.
func (s *saver) stop() {
	s.once.Do(func() { close(s.quit) })
	<-s.done
}
