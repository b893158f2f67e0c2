package ledger_test

import (
	"context"
	"errors"
	"testing"

	"zuum/shared/ledger"
)

func TestRecord_KeepsWhatItMadeOnceAndRefusesAReplay(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	ctx := context.Background()
	o := ledger.Once{Key: "test#record#1", Hash: "h1", Made: "release-1"}
	if err := l.Record(ctx, o, guardItem("record-1")); err != nil {
		t.Fatal(err)
	}
	got, ok, err := l.Once(ctx, o.Key)
	if err != nil || !ok || got.Made != "release-1" || got.Hash != "h1" || got.MovementID != "" {
		t.Fatalf("stored %+v ok %v err %v", got, ok, err)
	}
	if err := l.Record(ctx, o, guardItem("record-2")); !errors.Is(err, ledger.ErrReplayed) {
		t.Fatalf("replay: %v, want ErrReplayed", err)
	}
}

func TestRecord_ACallersFailedConditionWritesNothing(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	ctx := context.Background()
	if err := l.Record(ctx, ledger.Once{Key: "test#record#a"}, guardItem("taken")); err != nil {
		t.Fatal(err)
	}
	var extra *ledger.ExtraFailed
	if err := l.Record(ctx, ledger.Once{Key: "test#record#b"}, guardItem("free"), guardItem("taken")); !errors.As(err, &extra) || extra.Index != 1 {
		t.Fatalf("err %v, want ExtraFailed at 1", err)
	}
	if _, ok, _ := l.Once(ctx, "test#record#b"); ok {
		t.Error("a refused record must not keep its key")
	}
}
