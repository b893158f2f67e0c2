package distribution_test

import (
	"testing"

	"zuum/localstack/apptest"
)

// TestMain prints, after the tests, how many exchanges were checked against the API document.
func TestMain(m *testing.M) { apptest.Main(m) }
