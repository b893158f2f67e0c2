package notify

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func requests(n int) []types.WriteRequest {
	out := make([]types.WriteRequest, n)
	for i := range out {
		out[i] = types.WriteRequest{PutRequest: &types.PutRequest{}}
	}
	return out
}

func TestWriteAll_ResendsOnlyTheUnprocessedItemsWithGrowingPauses(t *testing.T) {
	t.Parallel()
	var sent []int
	var pauses []time.Duration
	write := func(_ context.Context, reqs []types.WriteRequest) ([]types.WriteRequest, error) {
		sent = append(sent, len(reqs))
		if len(reqs) > 5 {
			return reqs[:len(reqs)/2], nil // DynamoDB hands back what it did not write
		}
		return nil, nil
	}
	pause := func(_ context.Context, d time.Duration) error { pauses = append(pauses, d); return nil }
	if err := writeAll(context.Background(), requests(25), write, pause); err != nil {
		t.Fatal(err)
	}
	if want := []int{25, 12, 6, 3}; !slices.Equal(sent, want) {
		t.Fatalf("sent %v, want %v", sent, want)
	}
	if len(pauses) != 3 || pauses[0] > 50*time.Millisecond || pauses[2] < 100*time.Millisecond {
		t.Fatalf("pauses %v", pauses)
	}
}

func TestWriteAll_GivesUpAfterBoundedAttemptsAndPassesErrorsOn(t *testing.T) {
	t.Parallel()
	calls := 0
	stuck := func(_ context.Context, reqs []types.WriteRequest) ([]types.WriteRequest, error) {
		calls++
		return reqs, nil
	}
	noPause := func(context.Context, time.Duration) error { return nil }
	if err := writeAll(context.Background(), requests(3), stuck, noPause); err == nil || calls != writeAttempts {
		t.Fatalf("%v after %d calls", err, calls)
	}
	boom := errors.New("throttled for good")
	failing := func(context.Context, []types.WriteRequest) ([]types.WriteRequest, error) { return nil, boom }
	if err := writeAll(context.Background(), requests(3), failing, noPause); !errors.Is(err, boom) {
		t.Fatalf("%v", err)
	}
}
