package sightline

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

// Random bytes are read from the OS in blocks: one read per id would be a system call on the
// caller's goroutine for every span.
var entropy struct {
	sync.Mutex
	buf [4096]byte
	off int
}

// NewID returns a random (version 4) UUID.
func NewID() string {
	var b [16]byte
	entropy.Lock()
	if entropy.off == 0 || entropy.off+16 > len(entropy.buf) {
		if _, err := rand.Read(entropy.buf[:]); err != nil {
			panic("sightline: no randomness: " + err.Error())
		}
		entropy.off = 0
	}
	copy(b[:], entropy.buf[entropy.off:])
	entropy.off += 16
	entropy.Unlock()
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var out [36]byte
	hex.Encode(out[0:8], b[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], b[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], b[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], b[8:10])
	out[23] = '-'
	hex.Encode(out[24:], b[10:])
	return string(out[:])
}

// timeLayout is the ISO 8601 form the ingest API takes, to the millisecond, in UTC.
const timeLayout = "2006-01-02T15:04:05.000Z"

func timestamp(t time.Time) string {
	return t.UTC().Format(timeLayout)
}
